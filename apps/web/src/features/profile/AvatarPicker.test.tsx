import { presetAvatars } from '@pineguard/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { AvatarPicker, avatarRows } from './AvatarPicker.tsx';

it('lays the 16 presets out in 4 rows of 4', () => {
  const rows = avatarRows();
  expect(rows).toHaveLength(4);
  expect(rows.every((row) => row.length === 4)).toBe(true);
  expect(rows.flat()).toEqual(presetAvatars);
});

it('previews the choice at 100×100 and 40×40 and picks a preset', async () => {
  const onChange = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<AvatarPicker value="avatar-03.svg" onChange={onChange} />);
  const previews = document.querySelectorAll('img[src="/avatars/avatar-03.svg"]');
  expect([...previews].map((img) => img.getAttribute('width'))).toEqual(['100', '40']);

  await user.click(screen.getByTestId('avatar-current'));
  const options = await screen.findAllByRole('option');
  expect(options).toHaveLength(16);
  await user.click(options[6]!);
  expect(onChange).toHaveBeenCalledWith('avatar-07.svg');
});
