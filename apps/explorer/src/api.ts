import type { components } from '@blockfrost/openapi';

/** The Blockfrost schemas the pages read, by their names in Blockfrost's OpenAPI document. */
export type Schemas = components['schemas'];

/** Where the explorer reads from: any Blockfrost-compatible base URL and its project token. */
export interface Settings {
  apiUrl: string;
  projectId: string;
  /** Rows a paged list shows at a time: one Blockfrost page (`?count=`, at most MAX_PAGE_SIZE). */
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 20;
/** Blockfrost's largest `count`. */
export const MAX_PAGE_SIZE = 100;

const STORAGE_KEY = 'frostline-explorer';

/** This API's own base URL, when the explorer is served by frostline at /explorer/. */
const OWN_API_URL = new URL(`${import.meta.env.BASE_URL}../api/v0`, window.location.origin).href;

/**
 * The settings: `?api=` and `?project_id=` in the page's URL (what `npm start` prints) win and are kept
 * in the browser's storage for later visits; the settings page changes them too.
 */
export function loadSettings(): Settings {
  const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Settings>;
  const query = new URLSearchParams(window.location.search);
  const settings = {
    apiUrl: query.get('api') ?? stored.apiUrl ?? OWN_API_URL,
    projectId: query.get('project_id') ?? stored.projectId ?? '',
    pageSize: stored.pageSize ?? DEFAULT_PAGE_SIZE,
  };
  if (query.has('api') || query.has('project_id')) saveSettings(settings);
  return settings;
}

export function saveSettings(settings: Settings): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
}

/** The API could not be reached at all (down, wrong URL, refused by CORS). */
export class ApiUnreachable extends Error {}

/** A Blockfrost error body: `{status_code, error, message}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let settings = loadSettings();

export function currentSettings(): Settings {
  return settings;
}

export function applySettings(next: Settings): void {
  settings = next;
  saveSettings(next);
}

/** GET a Blockfrost path (`/blocks/latest`) with the project token. */
export async function get<T>(path: string): Promise<T> {
  return request<T>(`${settings.apiUrl.replace(/\/$/, '')}${path}`, { project_id: settings.projectId });
}

/**
 * Like get(), but null for what is not there: a 404, or the 400 "Invalid path" Blockfrost answers for a
 * path it does not serve (an API of another version, a section's path not served yet). What a search
 * or an optional section tries.
 */
export async function find<T>(path: string): Promise<T | null> {
  try {
    return await get<T>(path);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || isUnserved(error))) return null;
    throw error;
  }
}

/** Blockfrost's answer to a path it does not serve. */
export const isUnserved = (error: Error) =>
  error instanceof ApiError && error.status === 400 && error.message.startsWith('Invalid path');

/** GET any URL as JSON; failures as ApiUnreachable or ApiError. */
export async function request<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiUnreachable(`Cannot reach the API at ${settings.apiUrl}. Is it running?`);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `${response.status} ${response.statusText}`);
  }
  return (await response.json()) as T;
}
