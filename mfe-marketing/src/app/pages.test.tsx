import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { ROUTES, RouteView, documentTitle } from '@app/shared';
import '../testing/render';
import { pages } from './pages';

const MARKETING = ROUTES.filter((r) => r.remote === 'marketing');

describe('marketing pages', () => {
  test('every marketing route has its own page (/404 is the shared error page)', () => {
    expect(Object.keys(pages).sort()).toEqual(
      MARKETING.map((r) => r.id)
        .filter((id) => id !== 'notFound')
        .sort(),
    );
  });

  test.each(MARKETING.map((r) => [r.path, r] as const))('%s renders in its layout with exactly one h1', async (path, route) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <RouteView remote="marketing" pages={pages} />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', route.layout);
    expect(document.querySelector('[data-not-yet-available]')).toBeNull();
    expect(document.title).toBe(documentTitle(route));
  });
});
