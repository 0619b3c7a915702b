import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, expect, it } from 'vitest';
import { Providers } from './Providers.tsx';

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

/** A system setting for less motion that can change while the app runs. */
function reducedMotionSetting(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    ...realMatchMedia(query),
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && matches;
    },
    addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    matches = next;
    for (const listener of listeners) listener();
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

it('turns antd motion off while the system asks for less motion, and on again when it stops', () => {
  const setReduced = reducedMotionSetting(true);
  render(
    <Providers>
      <MotionProbe />
    </Providers>,
  );
  expect(screen.getByTestId('motion')).toHaveTextContent('false');
  act(() => setReduced(false));
  expect(screen.getByTestId('motion')).toHaveTextContent('true');
});
