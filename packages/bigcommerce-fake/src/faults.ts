/**
 * Failures a test asks the fake for, to prove the provider's handling of them: a status with
 * headers (a 429 with BigCommerce's rate-limit headers, a 503), or an answer that comes too late.
 */
export interface Fault {
  method?: string;
  /** Matched against the path after `/stores/{hash}` (e.g. `/v3/catalog/products`). */
  path: string | RegExp;
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Hold the answer this long (a timeout test) before answering normally, or with `status`. */
  delayMs?: number;
  /** How many matching requests it applies to. */
  times?: number;
}

export interface FaultInjector {
  add(fault: Fault): void;
  clear(): void;
  /** The first fault matching this request, used up by one. */
  take(method: string, path: string): Fault | null;
}

export function createFaultInjector(): FaultInjector {
  let faults: Array<Fault & { left: number }> = [];
  return {
    add: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    clear: () => (faults = []),
    take(method, path) {
      const fault = faults.find(
        (candidate) =>
          (!candidate.method || candidate.method === method) &&
          (typeof candidate.path === 'string' ? path === candidate.path : candidate.path.test(path)),
      );
      if (!fault) return null;
      fault.left -= 1;
      if (fault.left <= 0) faults = faults.filter((candidate) => candidate !== fault);
      return fault;
    },
  };
}
