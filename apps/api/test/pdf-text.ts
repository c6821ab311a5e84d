// The text a generated PDF prints, for the receipt tests: pdf-lib writes each string as <hex> in WinAnsi,
// so the content streams (inflated when compressed) are read back hex string by hex string.
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDocument, PDFRawStream, type PDFStream } from "pdf-lib";

/** Each page's text, one line per string drawn. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    let text = "";
    for (const ref of streams) {
      const stream = doc.context.lookup(ref) as PDFStream;
      const raw = stream instanceof PDFRawStream ? stream.contents : stream.getContents();
      const decoded = stream.dict.toString().includes("FlateDecode") ? inflateSync(raw) : Buffer.from(raw);
      for (const match of decoded.toString("latin1").matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        text += `${Buffer.from(match[1] ?? "", "hex").toString("latin1")}\n`;
      }
    }
    return text;
  });
}

/** The whole document's text, page after page. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join("");
}
