// The demo catalogue: plain data, so the shape of the demo can be read (and changed) without code. Here
// the accounts, the shapes and the rewards; the raffles are in demo-raffles.ts, the testimonials and
// broadcasts in demo-editorial.ts. Dates are offsets from the moment of seeding, so a fresh database
// always shows every raffle state.
import type {
  ActivationType,
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
