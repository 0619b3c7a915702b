import { describe, expect, it } from 'vitest';
import { pathTo, totalBytes } from './areaTree.ts';

const tree = [
  {
    value: '330000',
    label: '浙江省',
    children: [
      {
        value: '330100',
        label: '杭州市',
        children: [{ value: '330127', label: '淳安县' }],
      },
      { value: '330800', label: '衢州市', children: [{ value: '330824', label: '开化县' }] },
    ],
  },
];

describe('area helpers', () => {
  it('finds the cascader path of a county', () => {
    expect(pathTo(tree, '330127')).toEqual(['330000', '330100', '330127']);
    expect(pathTo(tree, '330824')).toEqual(['330000', '330800', '330824']);
    expect(pathTo(tree, '330100')).toEqual(['330000', '330100']);
    expect(pathTo(tree, '110101')).toBeNull();
  });
  it('adds up storage usage', () => {
    expect(
      totalBytes([
        { bytes: 10, files: 1 },
        { bytes: 5, files: 2 },
      ]),
    ).toEqual({ bytes: 15, files: 3 });
  });
});
