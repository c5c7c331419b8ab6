/**
 * The storefront's GraphQL schema (spec §7 'GraphQL'). Field names follow the content
 * service (snake_case) and BigCommerce's storefront GraphQL (camelCase) exactly as spec §3
 * 'Product card' lists them, so the storefront reads one shape whichever half a field came from.
 * Read-only: there are no mutations.
 */
export const graphqlSchema = /* GraphQL */ `
  type Query {
    "Colour families for the colour filter (spec §3 'Colour group')."
    colorGroups(locale: String = "en-us"): [ColorGroup!]

    """
    Product cards for the given content uids or commerce ids, in the order asked, skipping
    any unknown or not sold in the locale's content region and the commerce region.
    """
    relatedProducts(
      uids: [String]
      ids: [Int]
      locale: String!
      bcRegion: String!
      includeVariantRetailPrice: Boolean = false
    ): [ProductCard!]

    """
    Commerce ids of the category's products sold in ctsRegion, optionally only those whose
    attributes (custom fields) match; at most 24 (8 related products × 3 to pick from).
    """
    automatedRelatedProductIds(
      categoryId: Int!
      bcRegion: String!
      ctsRegion: String!
      locale: String!
      productAttributes: [ProductAttributeInput]
    ): [Int!]

    "The error page's content (spec §3 'Error page content')."
    errorPage(locale: String!, bcRegion: String!): ErrorPage
  }

  type ColorGroup {
    color_name: String!
    option_swatch_hex: String!
    child_colors: [String!]!
  }

  "Matches a product whose custom field named attribute has one of values (any value when values is empty)."
  input ProductAttributeInput {
    attribute: String!
    values: [String!]!
  }

  type ProductCard {
    uid: String!
    title: String!
    display_title: String!
    tagline: String!
    description: String!
    regions: [String!]!
    price_range: String!
    url: String!
    bc_products: CommerceProductIds!
    is_new: FlagValue!
    is_redesigned: FlagValue!
    prices: CountryPrices!
    image: ContentImage!
    bcProduct: CommerceProduct!
  }

  "The commerce product id in each commerce region."
  type CommerceProductIds {
    us: Int
    ca: Int
    eu_region_1: Int
  }

  type FlagValue {
    value: Boolean!
  }

  "Display prices, already formatted, for countries without a shop."
  type CountryPrices {
    au: String
    at: String
    ca: String
    cz: String
    fr: String
    de: String
    it: String
    jp: String
    nl: String
    no: String
    ru: String
    pl: String
    es: String
    se: String
    ch: String
    gb: String
    nz: String
  }

  type ContentImage {
    amplience_id: String!
    imageset: String!
  }

  "An amount in the commerce region's currency."
  type Money {
    value: Float!
  }

  type CommerceProduct {
    id: Int!
    calculatedPrice: Money!
    retailPrice: Money
    "variant, product or none"
    inventory_tracking: String!
    inventoryLevel: Int!
    isInStock: Boolean!
    availability: String!
    variants: [CommerceVariant!]!
    product_options: [ProductOption!]!
    isNew: Boolean!
    isRedesigned: Boolean!
    customFields: [CustomField!]!
  }

  type CommerceVariant {
    id: Int!
    inventoryLevel: Int!
    isInStock: Boolean!
    isPurchasable: Boolean!
    thumbnail: String
    calculatedPrice: Money!
    "Only when includeVariantRetailPrice is true and the variant has a retail price."
    retailPrice: Money
    option_values: [VariantOption!]!
  }

  "One of the variant's options (id is the option's) with the value this variant has."
  type VariantOption {
    id: Int!
    option_display_name: String!
    values: [VariantOptionValue!]!
  }

  type VariantOptionValue {
    id: Int!
    label: String!
    hexColors: [String!]!
  }

  type ProductOption {
    id: Int!
    displayName: String!
    values: [ProductOptionValue!]!
  }

  type ProductOptionValue {
    entityId: Int!
    label: String!
    hexColors: [String!]!
  }

  type CustomField {
    name: String!
    value: String!
  }

  type ErrorPage {
    title: String!
    regions: [String!]!
    header: String!
    main_content: String!
    link_text: String!
    product_header: String!
    automated_related_products: [AutomatedRelatedProducts!]!
    products: [ProductCard!]!
    banner: Banner
    product_recommendation_page: ProductRecommendationPage!
  }

  type AutomatedRelatedProducts {
    category: RelatedProductsCategory!
  }

  type RelatedProductsCategory {
    uid: String!
    bcId: Int
  }

  type Banner {
    uid: String!
    title: String!
    content: String
  }

  type ProductRecommendationPage {
    header: String!
    main_content: String!
  }
`;
