import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './console-errors';

async function expectNoSeriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('read the blog: open a post from the list, narrow it to a category, and go back', async ({ page }) => {
  await page.goto('/en-us/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();

  const firstPost = page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link');
  const title = (await firstPost.textContent())!.trim();
  await firstPost.click();
  await expect(page).toHaveURL(/\/en-us\/blog\/p\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/\d+ min read/)
      .first(),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Back to blog' }).click();
  await page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: 'Gear Guides' }).click();
  await expect(page).toHaveURL(/\/en-us\/blog\/gear-guides$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gear Guides' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gear Guides', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('a blog post shows its author, body and more stories from its category', async ({ page }) => {
  await page.goto('/en-us/blog/p/how-to-choose-binding-stiffness');
  await expect(page.getByRole('heading', { level: 1, name: 'How to choose binding stiffness' })).toBeVisible();
  await expect(page.getByText('By Jonas Pichler')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What the number actually measures' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Read more' }).getByRole('article').first()).toBeVisible();
  await expect(page).toHaveTitle('How to choose snowboard binding stiffness | Piste');
});

test('a German visitor reads the German version of a translated post', async ({ page }) => {
  await page.goto('/de-de/blog/p/how-to-choose-binding-stiffness');
  await expect(page.getByRole('heading', { level: 1, name: 'So wählst du die richtige Bindungshärte' })).toBeVisible();
  await expect(page.getByText('14. Oktober 2025')).toBeVisible();
});

test('an unknown blog post is a 404', async ({ page }) => {
  const response = await page.goto('/en-us/blog/p/no-such-story');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('find a support answer from the footer, with a way to reach a person', async ({ page }) => {
  await page.goto('/en-us/c/helmets');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Returns' })).toBeVisible();

  await page.getByRole('link', { name: /How do I return or exchange an item\?/ }).click();
  await expect(page).toHaveURL(/\/en-us\/support\/returns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How do I return or exchange an item?' })).toBeVisible();
  const help = page.getByRole('complementary', { name: 'Still need help?' });
  await expect(help.getByRole('link', { name: 'Find a store' })).toBeVisible();
});

test('meet the team: a rider card leads to their story and the gear they ride', async ({ page }) => {
  await page.goto('/en-us/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team riders' })).toBeVisible();
  await page.getByRole('link', { name: /^Mara Lindqvist/ }).click();
  await expect(page).toHaveURL(/#mara-lindqvist$/);
  const rider = page.getByRole('region', { name: 'Mara Lindqvist' });
  await expect(rider.getByRole('heading', { level: 2, name: 'Mara Lindqvist' })).toBeInViewport();
  await expect(rider.getByRole('heading', { level: 3, name: 'Rides with' })).toBeVisible();
  await expect(rider.getByRole('article').first()).toBeVisible();
});

test('content pages: a generic page, a landing page, and an unknown page', async ({ page }) => {
  await page.goto('/en-us/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Piste' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Who we are' })).toBeVisible();

  await page.goto('/en-us/l/backcountry-kit');
  await expect(page.getByRole('heading', { level: 1, name: 'Backcountry kit' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 2, name: 'Splitboard bindings' })).toBeVisible();

  const response = await page.goto('/en-us/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('a blog post and the support list have no serious accessibility violations', async ({ page }) => {
  await page.goto('/en-us/blog/p/first-tracks-in-hokkaido');
  await expectNoSeriousAccessibilityViolations(page);
  await page.goto('/en-us/support');
  await expectNoSeriousAccessibilityViolations(page);
});

test("a content link to an athlete (/team/{athlete}) lands on the athlete's section of the team page", async ({
  page,
}) => {
  // Spec §2 'Content-type URL prefixes': athlete (team_page) links are built as /team{url}.
  const response = await page.goto('/de-de/team/mara-lindqvist');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/de-de\/team#mara-lindqvist$/);
  const rider = page.getByRole('region', { name: 'Mara Lindqvist' });
  await expect(rider.getByRole('heading', { level: 2, name: 'Mara Lindqvist' })).toBeInViewport();

  const unknown = await page.goto('/de-de/team/no-such-rider');
  expect(unknown?.status()).toBe(404);
});

test("the header's team menu links each rider to their section of the team page", async ({ page, isMobile }) => {
  await page.goto('/en-ca');
  let menu;
  if (isMobile) {
    await page.getByLabel('Menu', { exact: true }).click();
    menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByText('Team', { exact: true }).click();
    await menu.getByText('Team riders', { exact: true }).click();
  } else {
    menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('button', { name: 'Team' }).click();
  }
  await menu.getByRole('link', { name: 'Liam Tremblay' }).click();
  await expect(page).toHaveURL(/\/en-ca\/team#liam-tremblay$/);
  const rider = page.getByRole('region', { name: 'Liam Tremblay' });
  await expect(rider.getByRole('heading', { level: 2, name: 'Liam Tremblay' })).toBeInViewport();
});
