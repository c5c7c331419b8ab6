import { index, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Spec §2 'Screens and routes'. Every page lives under the locale segment; `/` is the home
 * of en-us (the server shortens `/en-us` to `/`). Route ids `index` and `lang-page` are
 * named because the error page is flush with the top on them.
 */
export default [
  index('routes/home.tsx', { id: 'index' }),
  route('display-texts/:file', 'routes/display-texts.ts'),
  route(':lang', 'routes/locale-layout.tsx', { id: 'lang' }, [
    index('routes/home.tsx', { id: 'lang-index' }),
    route('account', 'routes/account/account-layout.tsx', [
      index('routes/account/account-home.tsx'),
      route('addresses', 'routes/account/addresses.tsx'),
      route('orders', 'routes/account/orders.tsx'),
      route('orders/:orderId', 'routes/account/order-detail.tsx'),
      route('profile', 'routes/account/profile.tsx'),
      route('create', 'routes/account/create.tsx'),
      route('sign-out', 'routes/account/sign-out.tsx'),
    ]),
    route('blog', 'routes/blog/blog-list.tsx'),
    route('blog/:uid', 'routes/blog/blog-category.tsx'),
    route('blog/p/:uid', 'routes/blog/blog-post.tsx'),
    route('c/*', 'routes/category.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('checkout/confirmation/:orderId', 'routes/checkout-confirmation.tsx'),
    route('consent', 'routes/consent.tsx'),
    route('country', 'routes/country.tsx'),
    route('order-status', 'routes/order-status.tsx'),
    route('p/:uid', 'routes/product.tsx'),
    route('pro', 'routes/pro/pro-home.tsx'),
    route('pro/create', 'routes/pro/pro-create.tsx'),
    route('pro/signup', 'routes/pro/pro-signup.tsx'),
    route('proclub', 'routes/proclub.tsx'),
    route('search', 'routes/search.tsx'),
    route('stores', 'routes/stores.tsx'),
    route('styletile', 'routes/styletile.tsx'),
    route('support', 'routes/support/support-list.tsx'),
    route('support/:uid', 'routes/support/support-entry.tsx'),
    route('team', 'routes/team.tsx'),
    route('team/*', 'routes/team-athlete.tsx'),
    route('test-store', 'routes/test-store.tsx'),
    route('email-signup', 'routes/email-signup.tsx'),
    route('l/*', 'routes/landing-page.tsx'),
    route('error-page-content', 'routes/error-page-content.tsx'),
    route(':page', 'routes/content-page.tsx', { id: 'lang-page' }),
    route('*', 'routes/unmatched.tsx', { id: 'lang-unmatched' }),
  ]),
  route('*', 'routes/unmatched.tsx', { id: 'unmatched' }),
] satisfies RouteConfig;
