import type { SellerSaleInput } from "@rifazo/shared/schemas/seller-sales";
import type { SellerArea } from "@rifazo/shared/schemas/sellers";
import type { SessionUser } from "../auth";

// What the vendedor area keeps on the phone (offline-storage.ts): the queue's sales and the area's copy.

import {
  type QueuedRefusal,
  type QueuedSaleState,
  byRecordedAt as storedOrder,
} from "../../lib/seller-sale-queue";

export type { QueuedSaleState };

/** A sale saved on the phone: the body to send (signed when saved offline) and what the list shows. */
export interface QueuedSale {
  saleId: string;
  /** The user who recorded it: another one signed in on this phone never sees it. */
  userId: string;
  /** When it was saved on the phone (ISO): the queue goes in this order. */
  recordedAt: string;
  /** POST /api/seller/sales's body (with recordedAt and signature while it waits to be sent). */
  body: SellerSaleInput;
  raffleTitle: string;
  /** The raffle's size, which sets how its numbers are written ("007"). */
  totalTickets: number;
  state: QueuedSaleState;
  /** The server's refusal: its code, its Spanish message and, for NUMBERS_TAKEN, the numbers lost. */
  refusal: QueuedRefusal | null;
}

/** The last area fetched online, for whoever was signed in then. */
export interface AreaSnapshot {
  userId: string;
  user: SessionUser;
  area: SellerArea;
  /** When it was fetched (ISO). */
  savedAt: string;
}

export interface SellerOfflineStorage {
  /** This user's queued sales, in the order they were recorded. */
  listSales(userId: string): Promise<QueuedSale[]>;
  putSale(sale: QueuedSale): Promise<void>;
  deleteSale(saleId: string): Promise<void>;
  readArea(): Promise<AreaSnapshot | null>;
  writeArea(snapshot: AreaSnapshot): Promise<void>;
}

/** The queue's order: when each sale was recorded, then its id (two in the same millisecond). */
export const byRecordedAt: (a: QueuedSale, b: QueuedSale) => number = storedOrder;
