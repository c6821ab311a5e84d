// Editorial content for /testimonios and /transmisiones-vivo (admin-editable; seeded only into empty tables).

import type { BroadcastPlatform } from "@rifazo/shared";

export interface DemoTestimonial {
  name: string;
  location: string;
  /** A prize of the catalogue (demo-raffles.ts: a raffle title or one of its prize levels). */
  prize: string;
  text: string;
  rating: number;
  /** YYYY-MM-DD. */
  date: string;
}

export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    name: "Yusmary C.",
    location: "Maracaibo, Zulia",
    prize: 'Smart TV 65" 4K UHD',
    text: "Compré cinco boletos por Pago Móvil sin mucha fe y a los dos días me escribieron para decirme que había ganado. Me llevaron el televisor a la casa con su soporte. ¡Mi familia todavía no lo cree!",
    rating: 5,
    date: "2026-10-25",
  },
  {
    name: "Jhonny V.",
    location: "Barquisimeto, Lara",
    prize: "Moto Bera SBR 150 cc 0 km",
    text: "Vi el sorteo en vivo y cuando salió mi número no podía creerlo. Me entregaron la moto con los papeles al día y el casco. Ahora la uso para hacer delivery y me cambió la rutina por completo.",
    rating: 5,
    date: "2026-09-06",
  },
  {
    name: "Marielvis C.",
    location: "San Cristóbal, Táchira",
    prize: "Combo de mercado de $300",
    text: "El combo llegó completo: víveres, proteínas, frutas y hasta artículos de limpieza. Nos resolvió el mes entero. Lo mejor es que todo fue transparente y me avisaron por correo y por WhatsApp.",
    rating: 5,
    date: "2026-07-19",
  },
  {
    name: "Rafael G.",
    location: "Valencia, Carabobo",
    prize: "Barra de sonido Bluetooth",
    text: "Gané el segundo premio y verifiqué mi boleto en la página de transparencia: la semilla y los ganadores coincidían. La entrega tardó un par de días más de lo previsto, pero me mantuvieron informado.",
    rating: 4,
    date: "2026-05-02",
  },
  {
    name: "Oriana S.",
    location: "Puerto La Cruz, Anzoátegui",
    prize: "iPhone 16 Pro Max 256 GB",
    text: "Participé con tres boletos pagados por Zelle y la aprobación fue rapidísima. El teléfono vino sellado y con garantía. Ya le recomendé Rifazo a todas mis amigas.",
    rating: 5,
    date: "2026-03-14",
  },
];

export interface DemoBroadcast {
  platform: BroadcastPlatform;
  title: string;
  description: string;
  /** Free text, shown as written. */
  schedule: string;
  url: string | null;
  isLive: boolean;
}

/** One per platform, in the order the page shows them. Whether one is live follows the draws announced on it. */
export const DEMO_BROADCASTS: DemoBroadcast[] = [
  {
    platform: "instagram",
    title: "Rifazo en vivo por Instagram",
    description:
      "Anunciamos a los ganadores de las rifas con transmisión externa y respondemos sus preguntas en directo.",
    schedule: "Sábados 8:00 p. m. (hora de Venezuela)",
    url: "https://instagram.com/rifazo.ve",
    isLive: false,
  },
  {
    platform: "facebook",
    title: "Sorteos por Facebook Live",
    description:
      "Transmitimos los sorteos de los combos de mercado y repasamos las rifas activas de la semana.",
    schedule: "Viernes 8:00 p. m.",
    url: "https://facebook.com/rifazo.ve",
    isLive: false,
  },
  {
    platform: "youtube",
    title: "Canal de YouTube de Rifazo",
    description:
      "Sorteos en vivo de las rifas en bolívares y las repeticiones de todos los sorteos anteriores.",
    schedule: "Jueves 7:00 p. m.",
    url: "https://youtube.com/@rifazo",
    isLive: false,
  },
  {
    platform: "tv",
    title: "Segmento «La Hora de la Suerte»",
    description:
      "Cada domingo presentamos en televisión regional a los ganadores de la semana y las próximas rifas.",
    schedule: "Domingos 12:00 m.",
    url: null,
    isLive: false,
  },
  {
    platform: "radio",
    title: "Rifazo en la radio",
    description: "Entrevistas con los ganadores y adelantos de los premios que vienen, en la mañana.",
    schedule: "Lunes a viernes 7:30 a. m.",
    url: null,
    isLive: false,
  },
];
