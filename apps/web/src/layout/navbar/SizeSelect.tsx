import { FontSizeOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../locales/index.ts';
import { feedback } from '../../shared/feedback.ts';
import { type SizeName, sizeNames, useAppStore } from '../appStore.ts';
import { useTabs } from '../tabs/tabsStore.ts';

/** Global size (default, medium, small, mini), kept in a cookie; the page is refreshed as before. */
export function SizeSelect() {
  const t = useT();
  const { size, setSize } = useAppStore();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: sizeNames.map((name) => ({ key: name, label: t(`size.${name}`), disabled: name === size })),
        onClick: ({ key }) => {
          setSize(key as SizeName);
          useTabs.getState().delCachedView(pathname);
          navigate(`/redirect${pathname}${search}`, { replace: true });
          feedback.message().success(t('size.switched'));
        },
      }}
    >
      <button type="button" className="pg-icon-button" title={t('navbar.size')} aria-label={t('navbar.size')}>
        <FontSizeOutlined />
      </button>
    </Dropdown>
  );
}
