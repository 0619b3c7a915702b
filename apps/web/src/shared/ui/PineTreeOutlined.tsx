import Icon from '@ant-design/icons';
import type { GetProps } from 'antd';

/** A conifer outline in antd's 1024 grid: the menu icon of 枯死树详情 (antd has no tree icon). */
function PineSvg() {
  return (
    <svg
      viewBox="0 0 1024 1024"
      width="1em"
      height="1em"
      fill="currentColor"
      fillRule="evenodd"
      aria-hidden="true"
    >
      <path d="M512 64 264 416h120L200 672h192v224h240V672h192L640 416h120L512 64zm0 110 143 202H584l184 232H560v224h-96V608H256l184-232h-71l143-202z" />
    </svg>
  );
}

export function PineTreeOutlined(props: Partial<GetProps<typeof Icon>>) {
  return <Icon component={PineSvg} aria-label="pine-tree" {...props} />;
}
