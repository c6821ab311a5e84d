export { PaymentMethods } from "./payment-methods";
