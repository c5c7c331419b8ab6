/**
 * The shapes of the content service's entries, per content type: the contract between the
 * seed files (data/seed/content/), the embedded delivery API, the content client and the
 * pages. Field names follow spec §3 where it names them, and Contentstack's conventions
 * otherwise (system fields, `{ uid, _content_type_uid }` references, modular blocks).
 */

/** Fields every entry has, as Contentstack's delivery API returns them. */
export interface SystemFields {
  uid: string;
  locale: string;
  title: string;
  tags: string[];
  created_at: string;
  updated_at: string;
  _version: number;
  publish_details: { environment: string; locale: string; time: string };
}

/** A reference before `include[]` resolves it. Resolved references are the full entry. */
export interface Reference {
  uid: string;
  _content_type_uid: string;
}
/** A reference field: unresolved references, or entries when the path was included. */
export type ReferenceField<T> = Array<Reference | T>;

/** Content regions (spec §9 'Region map' plus the pro regions); an empty list means none. */
export type Regional = { regions: string[] };

/** An image from the media service (spec §3 'Content product' image). */
export interface MediaImage {
  amplience_id: string;
  /** 'Yes' when amplience_id names an image set. */
  imageset?: 'Yes' | 'No';
  alt_text?: string;
}

/** spec §3 'Page content for hotspots' / seo_meta on every page-like entry. */
export interface SeoMeta {
  seo_title?: string;
  seo_description?: string;
  og_image?: string;
  imageset?: 'Yes' | 'No';
}

/**
 * A link (spec §2 'Link building'): internal links name a content type whose prefix is put
 * before `href`; internal-path links are a path with an optional query; external links are
 * used as they are.
 */
export interface ContentLink {
  title: string;
  type: 'internal' | 'internal_path' | 'external';
  /** For internal links: the content type whose URL prefix applies (spec §2 table). */
  content_type?:
    | 'team_page'
    | 'blog'
    | 'blog_category'
    | 'cart'
    | 'landing_page'
    | 'product'
    | 'product_category'
    | 'support'
    | 'page';
  href: string;
  /** Query filters for internal links, as id/value pairs (`?colour=black`). */
  filters?: Array<{ id: string; value: string }>;
  new_tab?: boolean;
}

export interface TopAlertEntry extends SystemFields, Regional {
  /** Sanitized rich text. */
  message: string;
  link?: ContentLink;
  background_color?: string;
  font_color?: string;
}

/** A main-navigation item with its mega menu; `link.banner` is the menu's promotion. */
export interface MainNavEntry extends SystemFields, Regional {
  link: ContentLink & { banner?: ReferenceField<BannerEntry> };
  columns: Array<{ heading: string; links: ContentLink[] }>;
}

/** spec §3 'Header content'. One header entry per locale. */
export interface HeaderEntry extends SystemFields {
  top_alert: ReferenceField<TopAlertEntry>;
  main_nav: ReferenceField<MainNavEntry>;
  secondary_nav: Array<ContentLink & Regional>;
}

/** spec §3: the regions content type (one entry per content region). */
export interface RegionEntry extends SystemFields {
  region_id: string;
  countries: string[];
  shopping: boolean;
}

/** spec §3 'Brand settings'. */
export interface BrandSettingsEntry extends SystemFields, Regional {
  site_url: string;
  display_name: string;
  brand_logo: MediaImage;
  amplience_brand_alias: string;
  seo: SeoMeta;
  social_media: Array<{ network: string; url: string; title: string }>;
  contact: {
    phone: string;
    email: string;
    address: { street_address: string; city: string; state: string; postal_code: string; country: string };
    hours_of_operation: Array<{ days_of_week: string; opening_time: string; closing_time: string }>;
  };
  shopping: boolean;
  site_search: boolean;
  automate_related_products: boolean;
  enable_product_data_refactor: boolean;
}

/** spec §3 'Email signup settings'. */
export interface EmailSignupSettingsEntry extends SystemFields, Regional {
  lists: Array<{ list_id: string; title: string }>;
  copy: {
    heading: string;
    body: string;
    consent_text: string;
    success_message: string;
    /** The words of `consent_text` that link to the privacy policy, and the policy's shop path. */
    privacy_link_text?: string;
    privacy_url?: string;
  };
  back_in_stock_notifications: boolean;
}

/** spec §3 'Display text entry': the shop's own UI wording, translated per locale. */
export interface DisplayTextEntry extends SystemFields {
  text: string;
}

/** A second title for an existing display text: its text is the referenced entries' text. */
export interface DuplicateDisplayTextEntry extends SystemFields {
  display_text_input: ReferenceField<DisplayTextEntry>;
}

/** Site-search menus (spec §7 'search'). */
export interface SearchEntry extends SystemFields {
  main_menu: ReferenceField<MainNavEntry>;
  sidebar_menu: ReferenceField<MainNavEntry>;
}

/** spec §3 'Product category'. */
export interface ProductCategoryEntry extends SystemFields, Regional {
  url: string;
  display_title: string;
  description?: string;
  automated_related_products: boolean;
  /** The commerce category id per commerce region. */
  cat_ids_bc: Partial<Record<'us' | 'ca' | 'eu_region_1', number>>;
  seo_meta?: SeoMeta;
}

/** spec §3 'Category group'. */
export interface CategoryGroupEntry extends SystemFields {
  parent_category: ReferenceField<ProductCategoryEntry>;
  categories: Array<{ category: ReferenceField<ProductCategoryEntry>; clp_display_title: string }>;
  clp_layout_tags: string[];
}

/** spec §3 'Colour group'. */
export interface ColorGroupEntry extends SystemFields {
  color_name: string;
  option_swatch_hex: string;
  child_colors: string[];
}

/** spec §3 'Content product' / 'Product card'. */
export interface ProductEntry extends SystemFields, Regional {
  url: string;
  display_title: string;
  tagline: string;
  description: string;
  is_new: { value: boolean };
  is_redesigned: { value: boolean };
  price_range: string;
  /** Display prices for countries without a shop, by country code. */
  prices: Record<string, string>;
  image: { amplience_id: string; imageset: string };
  bc_products: Partial<Record<'us' | 'ca' | 'eu_region_1', number>>;
  product_category: ReferenceField<ProductCategoryEntry>;
  /** Manual related products (spec §5 'manual related product'). */
  related_products: ReferenceField<ProductEntry>;
  /** Attributes the automated related picks match on. */
  product_attributes: Array<{ attribute: string; values: string[] }>;
  seo_meta?: SeoMeta;
}

/** spec §3 'Banner' call to action. */
export interface BannerCta {
  button_text: string;
  button_class?: string;
  external_link?: { title: string; href: string };
  internal_link?: ContentLink;
  type: 'product' | 'page' | 'external';
  disable_link?: boolean;
  new_tab?: boolean;
}

/** spec §3 'Hotspot' as stored in a banner background. */
export interface HotspotData {
  id: string;
  dataType: { value: 'product' | 'page' | 'manual' } | null;
  title: string;
  description?: string;
  href?: string;
  ampId?: string;
  ctaCopy?: string;
  points: { x: number; y: number };
  fontColor?: string;
  backgroundColor?: string;
  selector?: string;
  product?: { uid: string };
  page?: { uid: string };
  manual?: { title: string; description: string; href: string; ampId?: string };
}

/** spec §3 'Banner'. */
export interface BannerEntry extends SystemFields, Regional {
  /** Sanitized rich text. */
  content: string;
  dark_overlay_on_banner_image: boolean;
  disable_link: boolean;
  content_layout: string;
  wrap_copy: boolean;
  disable_slider?: boolean;
  /**
   * Spec §4 'Tags': "Banner icons exist for best seller, coming soon and new". The icon the
   * banner shows with its copy: 'best_seller', 'coming_soon' or 'new'; none when empty.
   */
  banner_icon?: string;
  background: {
    type: 'Image' | 'Video';
    imageset: 'Yes' | 'No';
    amplience_id: string;
    alt_text: string;
    banner_zoom?: boolean;
    desktop_aspect_ratio?: string;
    mobile_aspect_ratio?: string;
    content?: {
      amplienceId: string;
      enableHotspots: boolean;
      hotspots: HotspotData[];
      ctaClass?: string;
      fontColor?: string;
      backgroundColor?: string;
    };
  };
  cta_button_global: BannerCta[];
}

/** Modular blocks of the home and landing pages (Contentstack style: one key per block). */
export type PageModule =
  | { banner: { banner: ReferenceField<BannerEntry> } }
  | { product_slider: { heading: string; products: ReferenceField<ProductEntry> } }
  | { rich_text: { content: string } };

/** Generic pages and landing pages (spec §7 'pages by uid list'); the home page is uid `home`. */
export interface PageEntry extends SystemFields, Regional {
  url: string;
  layout?: 'default' | 'flush-banner';
  seo_meta?: SeoMeta;
  generic_page?: { content: string; banners: ReferenceField<BannerEntry> };
  landing_page?: { modules: PageModule[] };
}

export interface BlogCategoryEntry extends SystemFields {
  url: string;
  description: string;
  seo_meta?: SeoMeta;
}

export interface BlogEntry extends SystemFields, Regional {
  url: string;
  author: string;
  published_date: string;
  blog_category: ReferenceField<BlogCategoryEntry>;
  hero: MediaImage;
  summary: string;
  /** Sanitized rich text. */
  body: string;
  seo_meta?: SeoMeta;
}

export interface SupportEntry extends SystemFields, Regional {
  url: string;
  topic: string;
  summary: string;
  body: string;
  seo_meta?: SeoMeta;
}

/** An athlete (spec §2 'team_page'). */
export interface TeamPageEntry extends SystemFields, Regional {
  url: string;
  discipline: string;
  hometown: string;
  portrait: MediaImage;
  quote: string;
  bio: string;
  products: ReferenceField<ProductEntry>;
  seo_meta?: SeoMeta;
}

/** A dealer in the store locator. */
export interface StoreEntry extends SystemFields, Regional {
  address: { street_address: string; city: string; state: string; postal_code: string; country: string };
  phone: string;
  website?: string;
  location: { lat: number; lng: number };
  services: string[];
}

/** spec §3 'Error page content'. */
export interface ErrorPageEntry extends SystemFields, Regional {
  header: string;
  main_content: string;
  link_text: string;
  product_header: string;
  automated_related_products: Array<{ category: ReferenceField<ProductCategoryEntry> }>;
  products: ReferenceField<ProductEntry>;
  banner: ReferenceField<BannerEntry>;
  product_recommendation_page: { header: string; main_content: string };
}

/** Product custom fields never shown on the product page (spec §3 'Other content types read'). */
export interface HiddenProductAttributesEntry extends SystemFields, Regional {
  attributes: string[];
}

/** Product-attribute sorting: spec order and option order (spec §3). */
export interface ManageProductAttributesEntry extends SystemFields {
  spec_titles: string[];
  attribute_option_sorting: Array<{ attribute: string; options: string[] }>;
}

/**
 * The wording of one product specification's values in a locale (docs/content.md 'Product
 * copy'): the commerce custom fields are written once, in English, and this entry's `values`
 * map each of them (as written there) to what the shopper reads. The name itself is a display text.
 */
export interface ProductAttributeValuesEntry extends SystemFields {
  values: Record<string, string>;
}

/** spec §3 'Related-products config'. */
export interface AutomatedRelatedProductsEntry extends SystemFields, Regional {
  categories: Array<{ category: ReferenceField<ProductCategoryEntry> }>;
  attributes: string[];
  grouped_attributes: Array<{ product_attributes: Array<{ attribute_id: string; top_level_attribute: boolean }> }>;
}

/** spec §3 'category product add-on config'. */
export interface CategoryProductAddOnEntry extends SystemFields, Regional {
  product_category: ReferenceField<ProductCategoryEntry>;
  product_add_on_config: { heading: string; products: ReferenceField<ProductEntry> };
}

/**
 * A redirect rule (docs/seo.md): `from` is a shop path without the locale and applies in every
 * locale; `to` is such a path, or an absolute http(s) URL for another site.
 */
export interface RedirectEntry extends SystemFields {
  from: string;
  to: string;
  /** 301 when true, 302 otherwise. */
  permanent?: boolean;
}

/** Every content type the shop reads, by uid. */
export interface ContentTypes {
  header: HeaderEntry;
  top_alert: TopAlertEntry;
  main_nav: MainNavEntry;
  regions: RegionEntry;
  brand_settings: BrandSettingsEntry;
  email_signup_settings: EmailSignupSettingsEntry;
  display_text: DisplayTextEntry;
  duplicate_display_text: DuplicateDisplayTextEntry;
  search: SearchEntry;
  product_category: ProductCategoryEntry;
  category_groups: CategoryGroupEntry;
  color_group: ColorGroupEntry;
  product: ProductEntry;
  banner: BannerEntry;
  page: PageEntry;
  landing_page: PageEntry;
  blog_category: BlogCategoryEntry;
  blog: BlogEntry;
  support: SupportEntry;
  team_page: TeamPageEntry;
  store: StoreEntry;
  error_page: ErrorPageEntry;
  hidden_product_attributes: HiddenProductAttributesEntry;
  manage_product_attributes: ManageProductAttributesEntry;
  product_attribute_values: ProductAttributeValuesEntry;
  automated_related_products: AutomatedRelatedProductsEntry;
  category_product_add_on: CategoryProductAddOnEntry;
  redirect: RedirectEntry;
}

export type ContentTypeUid = keyof ContentTypes;
