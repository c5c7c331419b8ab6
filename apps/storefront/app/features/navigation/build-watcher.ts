/** Spec §7 'Build and routing': "GET builds/latest.json is checked hourly for a new build id"; §9: every 60 minutes. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const LATEST_BUILD_PATH = '/builds/latest.json';

export interface BuildWatcherOptions {
  /** The build this page runs. */
  currentId: string;
  /** The id of the build the server now serves; null when it cannot tell. */
  fetchLatestId: () => Promise<string | null>;
  now?: () => number;
  intervalMs?: number;
}

/**
 * Notices that a new build was deployed while the page stayed open: it asks the server for the
 * latest build id every hour, and when the tab comes back into view after an hour or more
 * (background tabs' timers are throttled). Once the id differs the page is stale for good; the
 * caller turns its next navigation into a full page load.
 */
export class BuildWatcher {
  private lastCheck: number;
  private checking: Promise<void> | null = null;
  private staleBuild = false;
  private readonly now: () => number;
  private readonly intervalMs: number;

  constructor(private readonly options: BuildWatcherOptions) {
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs ?? BUILD_CHECK_INTERVAL_MS;
    // The page was just served by the current build.
    this.lastCheck = this.now();
  }

  get stale(): boolean {
    return this.staleBuild;
  }

  /** Starts the hourly check; returns the function that stops it. */
  start(): () => void {
    const timer = setInterval(() => void this.check(), this.intervalMs);
    return () => clearInterval(timer);
  }

  /** The tab came into view: check if the last check is an hour old or more. */
  visible(): Promise<void> {
    return this.now() - this.lastCheck >= this.intervalMs ? this.check() : Promise.resolve();
  }

  check(): Promise<void> {
    if (this.staleBuild) return Promise.resolve();
    this.checking ??= (async () => {
      this.lastCheck = this.now();
      try {
        const latest = await this.options.fetchLatestId();
        if (latest && latest !== this.options.currentId) this.staleBuild = true;
      } catch {
        // Offline or a deploy in progress: the next check tries again.
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }
}

/** The id the server's builds/latest.json answers, or null for any other answer. */
export async function fetchLatestBuildId(): Promise<string | null> {
  const response = await fetch(LATEST_BUILD_PATH, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : null;
}
