export { type Receipt, receiptKeys, receiptQuery } from "./api";
export { ReceiptView } from "./components/receipt-view";
export { shareMessage, whatsappShareUrl } from "./lib/share";
