import type { SystemFields } from '../entry-types';

/** The answers of the delivery API (docs/content.md), as a hosted Contentstack stack shapes them. */

/** An entry as the API answers it: its fields and the system fields. */
export type DeliveredEntry = SystemFields & Record<string, unknown>;

export interface ContentTypeSchemaField {
  uid: string;
  data_type: string;
  display_name: string;
  reference_to?: string[];
  multiple?: boolean;
  mandatory?: boolean;
  [key: string]: unknown;
}

export interface DeliveredContentType {
  uid: string;
  title: string;
  description: string;
  options: { is_page?: boolean; singleton?: boolean; url_prefix?: string; [key: string]: unknown };
  schema: ContentTypeSchemaField[];
  created_at: string;
  updated_at: string;
  _version: number;
}

export interface DeliveredAsset {
  uid: string;
  title: string;
  filename: string;
  content_type: string;
  url: string;
  description?: string;
  tags: string[];
  created_at: string;
  updated_at: string;
  _version: number;
  publish_details: SystemFields['publish_details'];
  [key: string]: unknown;
}

export interface DeliveredTaxonomy {
  uid: string;
  name: string;
  description: string;
  terms: Array<{ uid: string; name: string; [key: string]: unknown }>;
  created_at: string;
  updated_at: string;
}

/** spec §3 'Sync results'. Deleted items carry `{ uid, locale }` as their data. */
export interface SyncItem {
  type: 'entry_published' | 'entry_deleted' | 'asset_published' | 'asset_deleted';
  event_at: string;
  /** The entry's content type, or `sys_assets`. */
  content_type_uid: string;
  data: DeliveredEntry | DeliveredAsset | { uid: string; locale: string };
}

export interface SyncResponse {
  items: SyncItem[];
  total_count: number;
  /** More items follow: ask again with this token. */
  pagination_token?: string;
  /** The last page: keep this token to ask later for what changed since. */
  sync_token?: string;
}

/** spec §3 'Content-service errors' (the body; the client adds status and statusText). */
export interface ContentErrorBody {
  error_message: string;
  error_code: number;
  errors: Record<string, string[]>;
}
