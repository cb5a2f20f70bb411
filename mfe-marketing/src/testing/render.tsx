import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, LOGGED_OUT, authStore, setRuntimeConfig, type RuntimeConfig } from '@app/shared';

// Every test starts from the shipped defaults: a visitor and the default /config.json.
afterEach(() => {
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  authStore.setState(LOGGED_OUT, true);
});

/** Sets the runtime config for one test, starting from the defaults. */
export function withConfig(config: Partial<RuntimeConfig>): void {
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, ...config });
}

function WhereAmI() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search + l.hash}</output>;
}

/** Renders a page inside a router at `path`; `where` reads the router's current location. */
export function renderAt(ui: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <WhereAmI />
    </MemoryRouter>,
  );
}

/** Every `<section aria-labelledby>` points at an element that exists and has text. */
export function unlabelledSections(root: ParentNode = document): string[] {
  return Array.from(root.querySelectorAll('section')).flatMap((section) => {
    const id = section.getAttribute('aria-labelledby');
    const label = id ? document.getElementById(id)?.textContent?.trim() : '';
    return label ? [] : [section.outerHTML.slice(0, 80)];
  });
}
