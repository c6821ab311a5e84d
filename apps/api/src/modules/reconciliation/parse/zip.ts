import { Inflate } from "fflate";

// A ZIP archive (an XLSX workbook) inflated with every size counted while it is inflated, never taken from
// what the archive declares: a few hundred kilobytes can declare 1,000 bytes and inflate to gigabytes, or
// list the same compressed data under many names (overlapping entries). Only what was actually inflated,
// within the limits, is handed on.

export interface ZipLimits {
  /** Entries (files and folders) in the central directory. */
  maxEntries: number;
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Bytes all entries together may inflate to. */
  maxTotalBytes: number;
  /** Inflated ÷ compressed bytes of one entry, checked once it has inflated past `ratioFromBytes`. */
  maxRatio: number;
  ratioFromBytes: number;
}

export type ZipLimit = "entries" | "entry" | "total" | "ratio" | "overlap";

/** The archive is (or would inflate to) more than the limits allow, or counts the same bytes twice. */
export class ZipLimitError extends Error {
  constructor(readonly limit: ZipLimit) {
    super(`ZIP over its ${limit} limit`);
    this.name = "ZipLimitError";
  }
}

/** Not a ZIP this reader accepts: damaged, encrypted, ZIP64 or an unknown method. */
export class ZipFormatError extends Error {
  constructor(
    readonly reason: "corrupt" | "encrypted" | "unsupported",
    detail: string,
  ) {
    super(detail);
    this.name = "ZipFormatError";
  }
}

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

const END_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARK = 0xffffffff;
/**
 * Compressed bytes given to the inflater at a time: about INFLATE_TARGET of output at the ratio seen so
 * far, so a limit is passed by at most that much before the count stops it (DEFLATE inflates up to ~1,032
 * times: a fixed 16 kB step could add 16 MB at once). Ordinary XML (some 6 to 1) goes in 64 kB steps.
 */
const INFLATE_TARGET = 1024 * 1024;
const MIN_STEP = 1024;
const MAX_STEP = 64 * 1024;

interface Located {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
  dataStart: number;
  dataEnd: number;
}

function corrupt(detail: string): ZipFormatError {
  return new ZipFormatError("corrupt", detail);
}

/** The end-of-central-directory record: the last one whose comment reaches exactly the end of the file. */
function findEnd(file: Buffer): number {
  const lowest = Math.max(0, file.length - 22 - 65_535);
  for (let i = file.length - 22; i >= lowest; i--) {
    if (file.readUInt32LE(i) === END_SIGNATURE && i + 22 + file.readUInt16LE(i + 20) === file.length) {
      return i;
    }
  }
  throw corrupt("no end of central directory");
}

/** The entries the central directory lists, each with where its data lies, checked against the file. */
function centralDirectory(file: Buffer, limits: ZipLimits): Located[] {
  const end = findEnd(file);
  if (end >= 20 && file.readUInt32LE(end - 20) === ZIP64_LOCATOR_SIGNATURE) {
    throw new ZipFormatError("unsupported", "ZIP64");
  }
  const count = file.readUInt16LE(end + 10);
  const size = file.readUInt32LE(end + 12);
  const offset = file.readUInt32LE(end + 16);
  if (file.readUInt16LE(end + 4) !== 0 || file.readUInt16LE(end + 6) !== 0) {
    throw new ZipFormatError("unsupported", "multi-disk archive");
  }
  if (file.readUInt16LE(end + 8) !== count) throw corrupt("entry counts differ");
  // The declared count is an upper bound for the loop below, so it is checked before anything is read.
  if (count > limits.maxEntries) throw new ZipLimitError("entries");
  if (offset + size > end) throw corrupt("central directory out of bounds");

  const entries: Located[] = [];
  const names = new Set<string>();
  let declaredTotal = 0;
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > offset + size || file.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw corrupt("bad central directory entry");
    }
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const compressedSize = file.readUInt32LE(at + 20);
    const declaredSize = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const localOffset = file.readUInt32LE(at + 42);
    if (next > offset + size) throw corrupt("central directory entry out of bounds");
    // Bit 0: encrypted; bit 6: strong encryption.
    if (flags & 0x41) throw new ZipFormatError("encrypted", "encrypted entry");
    if (method !== 0 && method !== 8) throw new ZipFormatError("unsupported", `method ${method}`);
    if (compressedSize === ZIP64_MARK || declaredSize === ZIP64_MARK || localOffset === ZIP64_MARK) {
      throw new ZipFormatError("unsupported", "ZIP64 entry");
    }
    // What the archive declares can only refuse early; the counts while inflating are what hold.
    declaredTotal += declaredSize;
    if (declaredSize > limits.maxEntryBytes) throw new ZipLimitError("entry");
    if (declaredTotal > limits.maxTotalBytes) throw new ZipLimitError("total");
    const name = file.toString("utf8", at + 46, at + 46 + nameLength);
    // Two entries of one name would let two readers of the same file see different contents.
    if (names.has(name)) throw corrupt(`duplicate entry ${name}`);
    names.add(name);

    if (localOffset + 30 > offset || file.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) {
      throw corrupt(`bad local header for ${name}`);
    }
    const dataStart =
      localOffset + 30 + file.readUInt16LE(localOffset + 26) + file.readUInt16LE(localOffset + 28);
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > offset) throw corrupt(`data of ${name} out of bounds`);
    entries.push({ name, method, compressedSize, localOffset, dataStart, dataEnd });
    at = next;
  }

  // Each entry's header and data must lie apart from every other's: overlapping entries are how a small
  // archive makes one compressed block count as thousands of files.
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < byOffset.length; i++) {
    const previous = byOffset[i - 1] as Located;
    if ((byOffset[i] as Located).localOffset < previous.dataEnd) {
      throw new ZipLimitError("overlap");
    }
  }
  return entries;
}

/** Counts inflated bytes across entries and stops at the first limit passed. */
class Budget {
  total = 0;
  constructor(private readonly limits: ZipLimits) {}

  /** `entryBytes` inflated so far from `consumed` compressed bytes of the entry, `added` of them just now. */
  add(entryBytes: number, added: number, consumed: number): void {
    this.total += added;
    if (entryBytes > this.limits.maxEntryBytes) throw new ZipLimitError("entry");
    if (this.total > this.limits.maxTotalBytes) throw new ZipLimitError("total");
    if (
      entryBytes > this.limits.ratioFromBytes &&
      entryBytes > this.limits.maxRatio * Math.max(consumed, 1)
    ) {
      throw new ZipLimitError("ratio");
    }
  }
}

function inflateEntry(file: Buffer, entry: Located, budget: Budget): Uint8Array {
  const compressed = file.subarray(entry.dataStart, entry.dataEnd);
  // A folder, or an empty file some writers mark as deflated without any data.
  if (compressed.length === 0) return compressed;
  if (entry.method === 0) {
    budget.add(compressed.length, compressed.length, compressed.length);
    return compressed;
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let consumed = 0;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    bytes += chunk.length;
    budget.add(bytes, chunk.length, consumed);
    if (chunk.length > 0) chunks.push(chunk);
    done ||= final;
  });
  try {
    while (consumed < compressed.length && !done) {
      const ratio = consumed > 0 ? bytes / consumed : 1_032;
      const step = Math.min(MAX_STEP, Math.max(MIN_STEP, Math.floor(INFLATE_TARGET / Math.max(ratio, 1))));
      const end = Math.min(consumed + step, compressed.length);
      const input = compressed.subarray(consumed, end);
      consumed = end;
      inflater.push(input, end === compressed.length);
    }
    if (!done) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw corrupt(`${entry.name}: ${(error as Error).message}`);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const data = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.length;
  }
  return data;
}

/**
 * Every file entry of the archive (folders left out), inflated within `limits`. Throws ZipLimitError at
 * the first limit passed, before inflating any more, and ZipFormatError for an archive it will not read.
 */
export function unzipBounded(file: Buffer, limits: ZipLimits): ZipEntry[] {
  if (file.length < 22) throw corrupt("too short");
  const budget = new Budget(limits);
  const entries: ZipEntry[] = [];
  for (const entry of centralDirectory(file, limits)) {
    const data = inflateEntry(file, entry, budget);
    if (!entry.name.endsWith("/")) entries.push({ name: entry.name, data });
  }
  return entries;
}
