import { constants, crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import sharp from "sharp";

// Hostile files for the decompression-bomb tests, built by hand so every size an archive or image declares
// can be a lie: ZIP archives (XLSX workbooks) whose central directory understates what they inflate to,
// with thousands of entries, or with entries that overlap; DEFLATE streams of hundreds of MiB made without
// ever holding them; images that declare a gigantic canvas in a few bytes; a PDF with a bomb stream.

const MIB = 1024 * 1024;

/** Bytes to give the DEFLATE stream: as they are, or `mib` MiB of one byte (never held in memory). */
export type DeflatePart = Buffer | { byte: number; mib: number };

/**
 * A raw DEFLATE stream of the parts in order. Each part is compressed on its own and ends with a sync
 * flush, so the blocks can be laid end to end; a run of one byte is the same 1 MiB block repeated (each
 * copy only refers back to the byte before it), and a final empty block closes the stream. 300 MiB of
 * spaces come out at some 300 kB, made in milliseconds.
 */
export function deflateParts(parts: DeflatePart[]): Buffer {
  const blocks: Buffer[] = [];
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      blocks.push(deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH }));
    } else {
      const block = deflateRawSync(Buffer.alloc(MIB, part.byte), {
        level: 9,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      for (let i = 0; i < part.mib; i++) blocks.push(block);
    }
  }
  // BFINAL = 1, fixed Huffman, end of block.
  blocks.push(Buffer.from([0x03, 0x00]));
  return Buffer.concat(blocks);
}

export interface ZipPart {
  name: string;
  /** The entry's bytes as they are written in the archive (deflated when method is 8). */
  body: Buffer;
  method: 0 | 8;
  /** The uncompressed size the archive declares, true or not. */
  declaredSize: number;
  crc?: number;
}

/** A stored part with its true size. */
export function storedPart(name: string, data: Buffer): ZipPart {
  return { name, body: data, method: 0, declaredSize: data.length, crc: crc32(data) };
}

/** A deflated part with its true size. */
export function deflatedPart(name: string, data: Buffer): ZipPart {
  return { name, body: deflateRawSync(data), method: 8, declaredSize: data.length, crc: crc32(data) };
}

function localHeader(part: ZipPart, compressedSize = part.body.length): Buffer {
  const name = Buffer.from(part.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(part.method, 8);
  header.writeUInt32LE(part.crc ?? 0, 14);
  header.writeUInt32LE(compressedSize, 18);
  header.writeUInt32LE(part.declaredSize, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralEntry(part: ZipPart, compressedSize: number, offset: number): Buffer {
  const name = Buffer.from(part.name);
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(20, 4);
  entry.writeUInt16LE(20, 6);
  entry.writeUInt16LE(0x0800, 8);
  entry.writeUInt16LE(part.method, 10);
  entry.writeUInt32LE(part.crc ?? 0, 16);
  entry.writeUInt32LE(compressedSize, 20);
  entry.writeUInt32LE(part.declaredSize, 24);
  entry.writeUInt16LE(name.length, 28);
  entry.writeUInt32LE(offset, 42);
  return Buffer.concat([entry, name]);
}

function endRecord(count: number, directorySize: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

/** A ZIP of the parts, each with the sizes and method it states (the declared sizes are not checked). */
export function zipArchive(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const header = localHeader(part);
    central.push(centralEntry(part, part.body.length, offset));
    chunks.push(header, part.body);
    offset += header.length + part.body.length;
  }
  const directory = Buffer.concat(central);
  return Buffer.concat([...chunks, directory, endRecord(parts.length, directory.length, offset)]);
}

/**
 * Overlapping entries (David Fifield's "better zip bomb"): entry i's compressed data is a stored DEFLATE
 * block quoting entry i+1's local header, followed by entry i+1's own data, down to one shared kernel. So
 * every entry inflates to the whole kernel, yet the kernel is in the file once: `count` entries of
 * `kernelMib` MiB each from a file of about one kernel. The sizes declared are the true ones.
 */
export function overlappingZip(
  prefix: ZipPart[],
  names: string[],
  kernel: DeflatePart[],
  kernelMib: number,
): Buffer {
  const kernelData = deflateParts(kernel);
  const fixed = zipArchive(prefix);
  const fixedBody = fixed.subarray(0, fixed.length - 22 - centralSizeOf(fixed));
  const headers: Buffer[] = [];
  const compressedSizes: number[] = [];
  const declaredSizes: number[] = [];
  // From the last entry back: each one's data is [stored block quoting the next header] + the next data.
  let dataSize = kernelData.length;
  let inflated = kernelMib * MIB;
  const parts = names.map((name) => ({ name, body: Buffer.alloc(0), method: 8 as const, declaredSize: 0 }));
  for (let i = names.length - 1; i >= 0; i--) {
    compressedSizes[i] = dataSize;
    declaredSizes[i] = inflated;
    const part = parts[i] as ZipPart;
    part.declaredSize = inflated;
    headers[i] = localHeader(part, dataSize);
    // The block quoting this header belongs to the previous entry's data.
    dataSize += 5 + (headers[i] as Buffer).length;
    inflated += (headers[i] as Buffer).length;
  }
  const body: Buffer[] = [fixedBody];
  const offsets: number[] = [];
  let offset = fixedBody.length;
  for (let i = 0; i < names.length; i++) {
    const header = headers[i] as Buffer;
    offsets[i] = offset;
    body.push(header);
    offset += header.length;
    const next = headers[i + 1];
    if (next) {
      const quote = Buffer.alloc(5);
      quote.writeUInt8(0x00, 0);
      quote.writeUInt16LE(next.length, 1);
      quote.writeUInt16LE(~next.length & 0xffff, 3);
      body.push(quote);
      offset += 5;
    }
  }
  body.push(kernelData);
  offset += kernelData.length;
  const central: Buffer[] = [];
  let prefixOffset = 0;
  for (const part of prefix) {
    central.push(centralEntry(part, part.body.length, prefixOffset));
    prefixOffset += localHeader(part).length + part.body.length;
  }
  names.forEach((_, i) => {
    central.push(centralEntry(parts[i] as ZipPart, compressedSizes[i] as number, offsets[i] as number));
  });
  const directory = Buffer.concat(central);
  return Buffer.concat([...body, directory, endRecord(central.length, directory.length, offset)]);
}

function centralSizeOf(zip: Buffer): number {
  return zip.readUInt32LE(zip.length - 22 + 12);
}

/** The parts of a small real workbook (a header and one movement), as exceljs writes them. */
export async function workbookParts(): Promise<Map<string, Buffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Movimientos");
  sheet.addRow(["Fecha", "Referencia", "Descripción", "Monto"]);
  sheet.addRow(["01/02/2024", "12345678", "PAGO MÓVIL", "10,00"]);
  const file = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  const parts = new Map<string, Buffer>();
  for (const [name, data] of Object.entries(unzipSync(file))) {
    if (!name.endsWith("/")) parts.set(name, Buffer.from(data));
  }
  return parts;
}

export const SHEET = "xl/worksheets/sheet1.xml";
const SHEET_OPEN = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
);
const SHEET_CLOSE = Buffer.from("</sheetData></worksheet>");

/** The small workbook with its sheet replaced by `mib` MiB of spaces inside <sheetData>, deflated. */
export async function workbookWithSpaces(
  mib: number,
  declaredSize: number | "true",
): Promise<{ file: Buffer; inflated: number }> {
  const parts = await workbookParts();
  const inflated = SHEET_OPEN.length + mib * MIB + SHEET_CLOSE.length;
  const sheet: ZipPart = {
    name: SHEET,
    body: deflateParts([SHEET_OPEN, { byte: 0x20, mib }, SHEET_CLOSE]),
    method: 8,
    declaredSize: declaredSize === "true" ? inflated : declaredSize,
  };
  const others = [...parts]
    .filter(([name]) => name !== SHEET)
    .map(([name, data]) => deflatedPart(name, data));
  return { file: zipArchive([...others, sheet]), inflated };
}

/** A PNG that declares width × height in its header, with one tiny (not matching) image data chunk. */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length, 0);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed), 0);
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateRawSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real 16 × 16 JPEG whose frame header (SOF0) is rewritten to declare width × height. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#888" } })
    .jpeg({ quality: 50 })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error("JPEG sin SOF0");
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** A one-page PDF whose content stream is a FlateDecode stream inflating to `mib` MiB. */
export function pdfWithBombStream(mib: number): Buffer {
  const size = mib * MIB;
  // zlib framing around the raw stream: header, then the Adler-32 of `size` spaces.
  const a = (1 + 0x20 * size) % 65521;
  // b = the sum of (1 + 0x20 × i) for i = 1..size, mod 65521, without the loop.
  const n = BigInt(size);
  const b = Number((n + 0x20n * ((n * (n + 1n)) / 2n)) % 65521n);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((b << 16) | a) >>> 0, 0);
  const stream = Buffer.concat([Buffer.from([0x78, 0x9c]), deflateParts([{ byte: 0x20, mib }]), adler]);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
  ];
  const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n")];
  const offsets: number[] = [];
  let at = chunks[0]?.length ?? 0;
  objects.forEach((body, i) => {
    const text = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`);
    offsets.push(at);
    chunks.push(text);
    at += text.length;
  });
  const head = Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`);
  offsets.push(at);
  chunks.push(head, stream, Buffer.from("\nendstream\nendobj\n"));
  at += head.length + stream.length + "\nendstream\nendobj\n".length;
  const xref = [
    "xref",
    `0 ${offsets.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>`,
    `startxref\n${at}\n%%EOF\n`,
  ].join("\n");
  chunks.push(Buffer.from(xref));
  return Buffer.concat(chunks);
}
