import type { QueryClient } from "@tanstack/react-query";
import { networkError, toApiError } from "./api-error";
import type { UploadRequest } from "./api-upload";
import { reportNetworkFailure, reportNetworkRecovered } from "./network-status";
import { clearPrivateOfflineData } from "./offline-snapshot";

export { ApiError, errorMessage, isApiError, isRetryableError } from "./api-error";
export type { UploadProgress } from "./api-upload";

// The one way the web app talks to the API: same-origin cookies, JSON in and out, and failures
// turned into ApiError with the server's Spanish message.

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The browser's HTTP cache mode ("no-cache": ask the server even if a cached copy is still fresh). */
  cache?: RequestCache;
  /**
   * The query cache the request is for (a query function's `client`): when it carries a transport of
   * its own (ApiTransportCarrier) the request goes through it, else through the browser's fetch.
   */
  client?: QueryClient;
}

// Our API always answers JSON. A 5xx without a JSON body comes from whatever sits in front of it (dev
// proxy, load balancer) when the API itself cannot be reached: that is a connection problem.
function isUnreachable(status: number, data: unknown): boolean {
  return status >= 500 && data === undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) {
    // Drain it so the connection can be reused; non-JSON bodies carry nothing we show.
    await response.text().catch(() => "");
    return undefined;
  }
  return response.json().catch(() => undefined);
}

/** How requests reach the API: the browser's fetch, or the API itself when rendering on the server. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

const browserFetch: ApiTransport = (path, init) => fetch(path, init);

/**
 * A query cache that carries its own way to reach the API. The server renderer (entry-server) makes one
 * per request, so concurrent renders never answer each other's queries; a query a page prefetches
 * passes its `client` on to the request (see lib/page-data.ts). The browser's cache carries none.
 */
export interface ApiTransportCarrier {
  readonly apiTransport: ApiTransport;
}

function transportFor(client: QueryClient | undefined): ApiTransport {
  return (client as Partial<ApiTransportCarrier> | undefined)?.apiTransport ?? browserFetch;
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  const transport = transportFor(options.client);
  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      body,
      credentials: "same-origin",
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    // An abort is the caller's own doing (navigation, unmount), not a connection problem.
    if (options.signal?.aborted || (error instanceof DOMException && error.name === "AbortError"))
      throw error;
    reportNetworkFailure();
    throw networkError();
  }

  const data = await readBody(response);
  if (isUnreachable(response.status, data)) {
    reportNetworkFailure();
    throw networkError();
  }
  reportNetworkRecovered();
  if (!response.ok) {
    const error = toApiError(response.status, data);
    // The server says this browser has no session (any 401, or a suspension): whatever ended it (sign-out
    // everywhere, a new password, expiry), this device's offline copy of "Mis boletos" goes now
    // (decision 0017), before anyone else can read it offline.
    if (response.status === 401 || error.code === "ACCOUNT_SUSPENDED") clearPrivateOfflineData();
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PATCH", path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>("DELETE", path, options),
  /**
   * POST of a multipart form with upload progress (XMLHttpRequest: fetch cannot report it). Its code
   * comes with the features that upload (they import ./api-upload), not with every page (decision 0030).
   */
  upload: async <T>(path: string, body: FormData, options?: Omit<UploadRequest, "url" | "body">) => {
    const { uploadWithProgress } = await import("./api-upload");
    return uploadWithProgress<T>({ ...options, url: path, body });
  },
};
