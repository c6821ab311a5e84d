import { networkError, toApiError } from "./api-error";
import { reportNetworkFailure, reportNetworkRecovered } from "./network-status";

// The API client's way to send a file (api.upload): fetch() cannot report upload progress, so it goes
// through XMLHttpRequest. Failures become the same ApiError as every other request, with the server's
// Spanish message; a dropped connection is the NETWORK error, so the caller can send it again.

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body. */
  total: number;
}

export interface UploadRequest {
  url: string;
  body: FormData;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** An upload that sends nothing for this long is taken as a dropped connection (decision 0030). */
  stallMs?: number;
}

/** On Slow 3G a chunk can take seconds; a minute without any byte sent is no longer slowness. */
export const UPLOAD_STALL_MS = 60_000;

function parseJson(xhr: XMLHttpRequest): unknown {
  const type = xhr.getResponseHeader("content-type") ?? "";
  if (!type.includes("json") || !xhr.responseText) return undefined;
  try {
    return JSON.parse(xhr.responseText);
  } catch {
    return undefined;
  }
}

export function uploadWithProgress<T>({
  url,
  body,
  headers,
  onProgress,
  signal,
  stallMs = UPLOAD_STALL_MS,
}: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Aborted", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    let dropped = false;
    // The browser going offline does not always fail a request already under way: it is ended here.
    const drop = () => {
      dropped = true;
      xhr.abort();
    };
    const watchStall = () => {
      clearTimeout(stall);
      stall = setTimeout(drop, stallMs);
    };
    const settle = () => {
      clearTimeout(stall);
      window.removeEventListener("offline", drop);
    };
    const fail = () => {
      settle();
      reportNetworkFailure();
      reject(networkError());
    };
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      watchStall();
      if (event.lengthComputable && event.total > 0) {
        onProgress?.({ loaded: Math.min(event.loaded, event.total), total: event.total });
      }
    };
    xhr.onload = () => {
      settle();
      const data = parseJson(xhr);
      // Our API always answers JSON; a bare 5xx comes from whatever sits in front of it.
      if (xhr.status >= 500 && data === undefined) {
        fail();
        return;
      }
      reportNetworkRecovered();
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(toApiError(xhr.status, data));
    };
    xhr.onerror = fail;
    xhr.ontimeout = fail;
    xhr.onabort = () => {
      if (dropped) fail();
      else {
        settle();
        reject(new DOMException("Aborted", "AbortError"));
      }
    };
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    window.addEventListener("offline", drop);
    watchStall();
    xhr.send(body);
  });
}
