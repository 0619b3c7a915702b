import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuIcon } from './menuIcon.tsx';

describe('menu icons', () => {
  it('draws 枯死树详情 (icon "tree") as a tree, not a git branch (issue 12 item 18)', () => {
    const { container } = render(<>{menuIcon('tree')}</>);
    expect(container.querySelector('[aria-label="branches"]')).toBeNull();
    expect(container.querySelector('[aria-label="pine-tree"] svg path')).not.toBeNull();
  });
});
