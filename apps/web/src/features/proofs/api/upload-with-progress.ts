import { networkError, toApiError } from "../../../lib/api-error";
import { reportNetworkFailure, reportNetworkRecovered } from "../../../lib/network-status";

// fetch() cannot report upload progress, so file uploads go through XMLHttpRequest. Failures become
// the same ApiError the api client throws, with the server's Spanish message.

export interface UploadRequest {
  url: string;
  body: FormData;
  headers?: Record<string, string>;
  /** Fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseJson(xhr: XMLHttpRequest): unknown {
  const type = xhr.getResponseHeader("content-type") ?? "";
  if (!type.includes("json") || !xhr.responseText) return undefined;
  try {
    return JSON.parse(xhr.responseText);
  } catch {
    return undefined;
  }
}

export function uploadWithProgress<T>({ url, body, headers, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Aborted", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const data = parseJson(xhr);
      // Our API always answers JSON; a bare 5xx comes from whatever sits in front of it.
      if (xhr.status >= 500 && data === undefined) {
        reportNetworkFailure();
        reject(networkError());
        return;
      }
      reportNetworkRecovered();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
      } else {
        reject(toApiError(xhr.status, data));
      }
    };
    xhr.onerror = () => {
      reportNetworkFailure();
      reject(networkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
