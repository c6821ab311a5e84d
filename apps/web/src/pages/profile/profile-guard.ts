// The guard of every /perfil/* page, its own small chunk: the payment page needs it without the area's.
export { ProfileGuard } from "../../features/auth";
