// The guard of every /perfil/* page, its own small chunk: the payment page needs it without the area's.
import type { PrefetchPage } from "../../lib/page-data";

export { ProfileGuard } from "../../features/auth";

/**
 * The guard renders on the server only with the payment page, whose own prefetch puts the buyer's session
 * in the cache (decision 0029): it needs nothing more.
 */
export const prefetchPage: PrefetchPage = async () => undefined;
