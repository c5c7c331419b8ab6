import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Catalogue: the area's pages, relative to /catalogue (app/routes.ts adds the prefix). */
export const catalogueRoutes: RouteConfigEntry[] = [
  index('routes/catalogue/catalogue-index.tsx'),
  route('products/new', 'routes/catalogue/product-new.tsx'),
  route('products/:productId', 'routes/catalogue/product-editor.tsx'),
  route('categories', 'routes/catalogue/categories.tsx'),
  route('customer-groups', 'routes/catalogue/customer-groups.tsx'),
  route('import', 'routes/catalogue/import-export.tsx'),
];
