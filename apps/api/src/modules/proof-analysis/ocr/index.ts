// Reading payment receipts: the OCR reader (tesseract.js, off the request path, bounded) and the pure
// extraction of reference, amount, date and bank from the text read.
export { KNOWN_BANKS } from "./banks";
export { extractReceiptFields } from "./extract";
export {
  createOcrReader,
  MAX_INPUT_PIXELS,
  OCR_ENGINE,
  type OcrReader,
  type OcrReaderOptions,
  prepareImage,
} from "./reader";
