// The demo catalogue: plain data, so the shape of the demo can be read (and changed) in one place.
// Dates are offsets from the moment of seeding, so a fresh database always shows every raffle state.
import type {
  ActivationType,
  BroadcastPlatform,
  Combo,
  Currency,
  ExternalPlatform,
  LevelName,
  NumberMode,
  PaymentMethod,
  RaffleStatus,
} from "@rifazo/shared";

export const DEMO_PASSWORD = "Demo12345!";

/** Bs. per USD shown on the site and used to value VES payments for RifaPuntos. */
export const DEMO_EXCHANGE_RATE = 298.64;

export const DEMO_PAYMENT_ACCOUNTS = {
  pagoMovil: { bank: "Banco de Venezuela (0102)", phone: "0414-555-0123", idNumber: "J-50321478-6" },
  zelle: { email: "pagos@rifazo.example", name: "Rifazo Inversiones C.A." },
  binance: { payId: "287451936" },
};

export type PrizeArt =
  | "moto"
  | "smartphone"
  | "electrodomesticos"
  | "efectivo"
  | "televisor"
  | "viaje"
  | "laptop"
  | "consola"
  | "mercado";

export interface DemoUser {
  key: string;
  name: string;
  email: string;
  phone: string;
  registeredDaysAgo: number;
}

export const DEMO_USERS: DemoUser[] = [
  {
    key: "maria",
    name: "María González",
    email: "maria.gonzalez@example.com",
    phone: "0414-2345678",
    registeredDaysAgo: 92,
  },
  {
    key: "jose",
    name: "José Rodríguez",
    email: "jose.rodriguez@example.com",
    phone: "0424-3456789",
    registeredDaysAgo: 85,
  },
  {
    key: "carlos",
    name: "Carlos Pérez",
    email: "carlos.perez@example.com",
    phone: "0412-4567890",
    registeredDaysAgo: 80,
  },
  {
    key: "ana",
    name: "Ana Martínez",
    email: "ana.martinez@example.com",
    phone: "0416-5678901",
    registeredDaysAgo: 74,
  },
  {
    key: "luis",
    name: "Luis Hernández",
    email: "luis.hernandez@example.com",
    phone: "0426-6789012",
    registeredDaysAgo: 60,
  },
  {
    key: "gabriela",
    name: "Gabriela Rojas",
    email: "gabriela.rojas@example.com",
    phone: "0414-7890123",
    registeredDaysAgo: 71,
  },
  {
    key: "andres",
    name: "Andrés Ramírez",
    email: "andres.ramirez@example.com",
    phone: "0424-8901234",
    registeredDaysAgo: 66,
  },
  {
    key: "daniela",
    name: "Daniela Torres",
    email: "daniela.torres@example.com",
    phone: "0412-9012345",
    registeredDaysAgo: 58,
  },
  {
    key: "miguel",
    name: "Miguel Fernández",
    email: "miguel.fernandez@example.com",
    phone: "0416-1234098",
    registeredDaysAgo: 12,
  },
  {
    key: "valentina",
    name: "Valentina Díaz",
    email: "valentina.diaz@example.com",
    phone: "0414-2345987",
    registeredDaysAgo: 77,
  },
  {
    key: "jesus",
    name: "Jesús Medina",
    email: "jesus.medina@example.com",
    phone: "0424-3456876",
    registeredDaysAgo: 49,
  },
  {
    key: "carolina",
    name: "Carolina Suárez",
    email: "carolina.suarez@example.com",
    phone: "0412-4567765",
    registeredDaysAgo: 45,
  },
];

/** Buyers who take whatever the fixed purchases leave, so each raffle reaches its sold count. */
export const BIG_BUYERS = ["maria", "carlos", "gabriela", "andres", "valentina"];

export type Announcement =
  | { type: "internal" }
  | { type: "external"; platform: ExternalPlatform; details: string; url: string | null };

export interface DemoPrizeLevel {
  level: number;
  description: string;
  winnerCount: number;
  prizeValue: number | null;
}

export interface DemoPurchase {
  user: string;
  quantity: number;
  method?: PaymentMethod;
}

export interface DemoRaffle {
  key: string;
  art: PrizeArt;
  imageAlt: string;
  title: string;
  description: string;
  price: number;
  currency: Currency;
  status: RaffleStatus;
  isFeatured: boolean;
  activationType: ActivationType;
  activationPercentage: number | null;
  /** Days from now (negative: in the past). */
  startInDays: number;
  endInDays: number | null;
  /** Percentage raffles whose last-sales window has started. */
  percentageActivatedHoursAgo?: number;
  totalTickets: number;
  soldTickets: number;
  announcement: Announcement;
  paymentMethods: string[];
  teaserDays?: number;
  prizeLevels: DemoPrizeLevel[];
  /** Approved purchases by named users; BIG_BUYERS fill the rest up to soldTickets. */
  purchases: DemoPurchase[];
  pending?: DemoPurchase[];
  rejected?: (DemoPurchase & { adminNotes: string })[];
  /** Finished raffles: who announced the winners (one winner per prize level is drawn from sold tickets). */
  winnersSource?: "internal" | "external";
  /**
   * Draw v2 (decision 0012): "drawn" is frozen and drawn with League of Entropy quicknet's real round 657413
   * (so its record verifies without network), "frozen" is frozen at seed time and awaits a future
   * quicknet round. Neither has a seed.
   */
  drawV2?: "drawn" | "frozen";
  /** Absolute dates instead of days from now (the quicknet-drawn raffle happened in August 2023). */
  fixedDates?: { start: string; end: string };
  /** Chosen: buyers pick their numbers on the grid (default random). */
  numberMode?: NumberMode;
  /** Packages offered ("5 boletos por $12"). */
  combos?: Combo[];
}

const ALL_METHODS = ["Pago Móvil", "Zelle", "Binance Pay"];

export const DEMO_RAFFLES: DemoRaffle[] = [
  {
    key: "moto",
    art: "moto",
    imageAlt: "Ilustración de una moto roja 0 km de 150 cc",
    title: "Moto Bera SBR 150 cc 0 km",
    description:
      "Llévate una moto nueva, con papeles y casco incluidos. Ideal para moverte por la ciudad y ahorrar en transporte. El sorteo se transmite en vivo desde la plataforma en la fecha indicada.",
    price: 3,
    // The demo's grid: buyers choose their numbers, with packages cheaper than single tickets.
    numberMode: "chosen",
    combos: [
      { quantity: 5, price: 12 },
      { quantity: 10, price: 22 },
    ],
    currency: "USD",
    status: "active",
    isFeatured: true,
    activationType: "date",
    activationPercentage: null,
    startInDays: -12,
    endInDays: 18,
    totalTickets: 500,
    soldTickets: 190,
    announcement: { type: "internal" },
    paymentMethods: ALL_METHODS,
    prizeLevels: [
      {
        level: 1,
        description: "Moto Bera SBR 150 cc 0 km con casco y papeles",
        winnerCount: 1,
        prizeValue: 1850,
      },
      { level: 2, description: "Bono de $100 en efectivo", winnerCount: 1, prizeValue: 100 },
    ],
    purchases: [
      { user: "ana", quantity: 2, method: "pago_movil" },
      { user: "jose", quantity: 5, method: "zelle" },
    ],
    pending: [{ user: "maria", quantity: 4, method: "zelle" }],
    rejected: [
      {
        user: "luis",
        quantity: 3,
        method: "pago_movil",
        adminNotes:
          "La referencia no coincide con ningún pago recibido. Verifica el número e intenta de nuevo.",
      },
    ],
  },
  {
    key: "iphone",
    art: "smartphone",
    imageAlt: "Ilustración de un teléfono inteligente de gama alta visto de frente y de espaldas",
    title: "iPhone 16 Pro Max 256 GB",
    description:
      "El teléfono más potente del año, nuevo y sellado, con garantía. Cuando se venda el 100 % de los boletos comienza la cuenta regresiva de 24 horas para el sorteo. ¡Quedan muy pocos!",
    price: 2,
    currency: "USD",
    status: "active",
    isFeatured: true,
    activationType: "percentage",
    activationPercentage: 100,
    startInDays: -20,
    endInDays: null,
    totalTickets: 100,
    soldTickets: 92,
    announcement: { type: "internal" },
    paymentMethods: ALL_METHODS,
    prizeLevels: [
      {
        level: 1,
        description: "iPhone 16 Pro Max 256 GB, color titanio natural",
        winnerCount: 1,
        prizeValue: 1300,
      },
    ],
    purchases: [
      { user: "daniela", quantity: 4, method: "binance" },
      { user: "jesus", quantity: 10, method: "zelle" },
    ],
    pending: [{ user: "miguel", quantity: 3, method: "pago_movil" }],
  },
  {
    key: "electro",
    art: "electrodomesticos",
    imageAlt: "Ilustración de una nevera, una lavadora y un microondas",
    title: "Combo de electrodomésticos para el hogar",
    description:
      "Equipa tu casa completa: nevera de dos puertas, lavadora automática de 12 kg y microondas. Incluye entrega a domicilio en Caracas, Valencia, Maracay y Barquisimeto.",
    price: 4,
    currency: "USD",
    status: "upcoming",
    isFeatured: false,
    activationType: "date",
    activationPercentage: null,
    startInDays: 6,
    endInDays: 36,
    totalTickets: 800,
    soldTickets: 0,
    announcement: { type: "internal" },
    paymentMethods: ALL_METHODS,
    teaserDays: 10,
    prizeLevels: [
      {
        level: 1,
        description: "Nevera de dos puertas, lavadora automática de 12 kg y microondas",
        winnerCount: 1,
        prizeValue: 1600,
      },
      { level: 2, description: "Licuadora de alta potencia", winnerCount: 2, prizeValue: 80 },
    ],
    purchases: [],
  },
  {
    key: "bono",
    art: "efectivo",
    imageAlt: "Ilustración de billetes de dólar y monedas de oro",
    title: "Bono en efectivo de $1.000",
    description:
      "Mil dólares en efectivo para lo que tú quieras, más premios para el segundo y tercer lugar. El sorteo se realiza en la plataforma al llegar la fecha: ¡mira la ruleta en vivo!",
    price: 1,
    currency: "USD",
    status: "active",
    isFeatured: true,
    activationType: "date",
    activationPercentage: null,
    startInDays: -25,
    // Sales ended two hours ago and nothing is pending: the lifecycle closes and freezes it at start (or
    // the first read), naming the drand round that draws it a few minutes later.
    endInDays: -2 / 24,
    totalTickets: 300,
    soldTickets: 146,
    announcement: { type: "internal" },
    paymentMethods: ALL_METHODS,
    prizeLevels: [
      { level: 1, description: "$1.000 en efectivo", winnerCount: 1, prizeValue: 1000 },
      { level: 2, description: "$250 en efectivo", winnerCount: 1, prizeValue: 250 },
      { level: 3, description: "$100 en efectivo", winnerCount: 2, prizeValue: 100 },
    ],
    purchases: [
      { user: "luis", quantity: 2, method: "pago_movil" },
      { user: "ana", quantity: 3, method: "pago_movil" },
      { user: "jesus", quantity: 10, method: "binance" },
    ],
    rejected: [
      {
        user: "carlos",
        quantity: 5,
        method: "zelle",
        adminNotes:
          "El monto recibido es menor al total de los boletos. Envía un nuevo comprobante por el monto completo.",
      },
    ],
  },
  {
    key: "tv",
    art: "televisor",
    imageAlt: "Ilustración de un televisor de pantalla grande con un paisaje de tepuy y barra de sonido",
    title: 'Smart TV 65" 4K UHD',
    description:
      "Televisor inteligente de 65 pulgadas con resolución 4K, aplicaciones de streaming y soporte de pared. El segundo lugar se lleva una barra de sonido Bluetooth.",
    price: 2,
    currency: "USD",
    status: "finished",
    isFeatured: false,
    activationType: "date",
    activationPercentage: null,
    startInDays: -40,
    endInDays: -9,
    totalTickets: 250,
    soldTickets: 212,
    announcement: { type: "internal" },
    paymentMethods: ALL_METHODS,
    prizeLevels: [
      { level: 1, description: 'Smart TV 65" 4K UHD con soporte de pared', winnerCount: 1, prizeValue: 750 },
      { level: 2, description: "Barra de sonido Bluetooth", winnerCount: 1, prizeValue: 150 },
    ],
    purchases: [{ user: "jose", quantity: 6, method: "pago_movil" }],
    winnersSource: "internal",
  },
  {
    key: "roques",
    art: "viaje",
    imageAlt: "Ilustración de una playa con palmera, maleta y un avión en el cielo",
    title: "Viaje a Los Roques para dos personas",
    description:
      "Tres días y dos noches en el archipiélago de Los Roques para dos personas: vuelo desde Maiquetía, posada con desayuno y cena, y paseo en lancha a Cayo de Agua. El ganador se anuncia en vivo por Instagram.",
    price: 5,
    currency: "USD",
    status: "frozen",
    isFeatured: false,
    activationType: "percentage",
    activationPercentage: 80,
    startInDays: -30,
    endInDays: null,
    percentageActivatedHoursAgo: 30,
    totalTickets: 200,
    soldTickets: 171,
    announcement: {
      type: "external",
      platform: "Instagram Live",
      details: "Transmisión en vivo por Instagram @rifazo.ve el sábado a las 8:00 p. m. (hora de Venezuela).",
      url: "https://www.instagram.com/rifazo.ve/",
    },
    paymentMethods: ALL_METHODS,
    prizeLevels: [
      {
        level: 1,
        description: "Paquete de 3 días y 2 noches en Los Roques para dos personas con vuelo y posada",
        winnerCount: 1,
        prizeValue: 1400,
      },
    ],
    purchases: [{ user: "carolina", quantity: 4, method: "zelle" }],
  },
  {
    key: "laptop",
    art: "laptop",
    imageAlt: "Ilustración de una laptop gamer con teclado iluminado",
    title: "Laptop gamer Ryzen 7 con RTX 4060",
    description:
      'Laptop para juegos y trabajo: pantalla de 15,6" a 144 Hz, procesador Ryzen 7, 16 GB de RAM, 1 TB SSD y tarjeta gráfica RTX 4060. Rifa en bolívares, pago solo por Pago Móvil. El sorteo se transmite por YouTube.',
    price: 350,
    currency: "VES",
    status: "active",
    isFeatured: true,
    activationType: "date",
    activationPercentage: null,
    startInDays: -8,
    endInDays: 12,
    totalTickets: 400,
    soldTickets: 64,
    announcement: {
      type: "external",
      platform: "YouTube Live",
      details: "Transmisión en vivo por nuestro canal de YouTube el día del sorteo a las 7:00 p. m.",
      url: "https://www.youtube.com/@rifazo",
    },
    paymentMethods: ["Pago Móvil"],
    prizeLevels: [
      {
        level: 1,
        description: 'Laptop gamer 15,6" Ryzen 7, 16 GB RAM, 1 TB SSD, RTX 4060',
        winnerCount: 1,
        prizeValue: 328_500,
      },
    ],
    purchases: [{ user: "carolina", quantity: 6, method: "pago_movil" }],
    pending: [{ user: "ana", quantity: 2, method: "pago_movil" }],
  },
  {
    key: "consola",
    art: "consola",
    imageAlt: "Ilustración de una consola de videojuegos blanca con dos controles",
    title: "PlayStation 5 Slim + 2 controles",
    description:
      "Consola PlayStation 5 Slim de 1 TB con dos controles inalámbricos y tres juegos. Al venderse todos los boletos comienza la cuenta regresiva de 24 horas para el sorteo.",
    price: 2,
    currency: "USD",
    status: "upcoming",
    isFeatured: false,
    activationType: "percentage",
    activationPercentage: 100,
    startInDays: 3,
    endInDays: null,
    totalTickets: 300,
    soldTickets: 0,
    announcement: { type: "internal" },
    paymentMethods: ALL_METHODS,
    teaserDays: 10,
    prizeLevels: [
      {
        level: 1,
        description: "PlayStation 5 Slim 1 TB con 2 controles y 3 juegos",
        winnerCount: 1,
        prizeValue: 650,
      },
    ],
    purchases: [],
  },
  {
    key: "mercado",
    art: "mercado",
    imageAlt: "Ilustración de una bolsa de mercado con pan, aceite, verduras, huevos y frutas",
    title: "Combo de mercado de $300",
    description:
      "Un mes de mercado resuelto: víveres, proteínas, frutas, verduras y artículos de limpieza por un valor de $300, con entrega a domicilio. El ganador se anunció en vivo por Facebook.",
    price: 1,
    currency: "USD",
    status: "finished",
    isFeatured: false,
    activationType: "date",
    activationPercentage: null,
    startInDays: -45,
    endInDays: -20,
    totalTickets: 150,
    soldTickets: 150,
    announcement: {
      type: "external",
      platform: "Facebook Live",
      details: "Sorteo transmitido en vivo por la página de Facebook de Rifazo.",
      url: "https://www.facebook.com/rifazo.ve",
    },
    paymentMethods: ALL_METHODS,
    prizeLevels: [
      {
        level: 1,
        description: "Combo de mercado de $300 (víveres, proteínas y artículos de limpieza)",
        winnerCount: 1,
        prizeValue: 300,
      },
    ],
    purchases: [{ user: "daniela", quantity: 3, method: "binance" }],
    winnersSource: "external",
  },
  {
    key: "galaxy",
    art: "smartphone",
    imageAlt: "Ilustración de un teléfono inteligente de última generación",
    title: "Samsung Galaxy S23 128 GB",
    description:
      "Teléfono Samsung Galaxy S23 nuevo, liberado, con cargador y forro. Sorteado con la aleatoriedad pública de drand (League of Entropy): cualquiera puede recalcular a los ganadores con el acta.",
    price: 2,
    currency: "USD",
    status: "finished",
    isFeatured: false,
    activationType: "date",
    activationPercentage: null,
    startInDays: -800,
    endInDays: -780,
    fixedDates: { start: "2023-08-01T12:00:00.000Z", end: "2023-08-23T12:00:00.000Z" },
    totalTickets: 200,
    soldTickets: 96,
    announcement: { type: "internal" },
    paymentMethods: ALL_METHODS,
    prizeLevels: [
      { level: 1, description: "Samsung Galaxy S23 128 GB", winnerCount: 1, prizeValue: 700 },
      { level: 2, description: "Audífonos inalámbricos", winnerCount: 2, prizeValue: 60 },
    ],
    purchases: [
      { user: "luis", quantity: 4, method: "pago_movil" },
      { user: "carolina", quantity: 6, method: "zelle" },
    ],
    drawV2: "drawn",
  },
  {
    key: "nevera",
    art: "electrodomesticos",
    imageAlt: "Ilustración de una nevera, una lavadora y un microondas",
    title: "Nevera Samsung No Frost 14 pies",
    description:
      "Nevera de dos puertas con dispensador de agua. Las ventas cerraron y la lista de boletos ya está congelada: el ganador saldrá de la ronda de drand fijada en el acta.",
    price: 2,
    currency: "USD",
    status: "frozen",
    isFeatured: false,
    activationType: "date",
    activationPercentage: null,
    startInDays: -30,
    endInDays: -1,
    totalTickets: 150,
    soldTickets: 88,
    announcement: { type: "internal" },
    paymentMethods: ALL_METHODS,
    prizeLevels: [
      { level: 1, description: "Nevera Samsung No Frost 14 pies", winnerCount: 1, prizeValue: 900 },
    ],
    purchases: [
      { user: "ana", quantity: 4, method: "pago_movil" },
      { user: "miguel", quantity: 2, method: "binance" },
    ],
    drawV2: "frozen",
  },
];

export interface DemoReward {
  title: string;
  description: string;
  pointsRequired: number;
  requiredLevel: LevelName;
}

export const DEMO_REWARDS: DemoReward[] = [
  {
    title: "Boleto gratis",
    description: "Un boleto sin costo para cualquier rifa activa.",
    pointsRequired: 500,
    requiredLevel: "Bronce",
  },
  {
    title: "Recarga telefónica de $5",
    description: "Saldo para tu línea Movistar, Digitel o Movilnet, al cambio del día.",
    pointsRequired: 1000,
    requiredLevel: "Bronce",
  },
  {
    title: "Paquete de 5 boletos",
    description: "Cinco boletos para la rifa activa que elijas.",
    pointsRequired: 2000,
    requiredLevel: "Plata",
  },
  {
    title: "Gorra y franela oficial Rifazo",
    description: "Kit oficial de Rifazo con envío a toda Venezuela.",
    pointsRequired: 3000,
    requiredLevel: "Plata",
  },
  {
    title: "Bono de $25 en efectivo",
    description: "Veinticinco dólares por Zelle, Binance Pay o su equivalente en bolívares.",
    pointsRequired: 5000,
    requiredLevel: "Oro",
  },
  {
    title: "Audífonos inalámbricos",
    description: "Audífonos Bluetooth con cancelación de ruido.",
    pointsRequired: 8000,
    requiredLevel: "Oro",
  },
  {
    title: "Cena para dos en Caracas",
    description: "Cena para dos personas en un restaurante aliado de Las Mercedes.",
    pointsRequired: 15000,
    requiredLevel: "Diamante",
  },
  {
    title: "Bono de $100 en efectivo",
    description: "Cien dólares por Zelle, Binance Pay o su equivalente en bolívares.",
    pointsRequired: 20000,
    requiredLevel: "Diamante",
  },
];

// Editorial content for /testimonios and /transmisiones-vivo (admin-editable; seeded only into empty tables).

export interface DemoTestimonial {
  name: string;
  location: string;
  /** A prize of the catalogue above (a raffle title or one of its prize levels). */
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
