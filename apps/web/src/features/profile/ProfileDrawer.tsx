import { App, Button, DatePicker, Drawer, Flex, Form, Input, Radio, Spin } from 'antd';
import { chinaToday } from '@pineguard/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useT } from '../../locales/index.ts';
import { limits } from '../../shared/config.ts';
import { rules } from '../../shared/formRules.ts';
import { useSession } from '../../shared/session.ts';
import { AvatarPicker } from './AvatarPicker.tsx';
import { type ProfileForm, useEditSelfInfo, useSelfInfo } from './api.ts';

type Values = { avatar: string; name: string; sex: 0 | 1 | null; birthday: Dayjs | null; phone: string };

/** Profile drawer (420 px): avatar, name, sex, birth month (yyyy-MM), bound phone read-only. */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const info = useSelfInfo(open);
  const edit = useEditSelfInfo();

  useEffect(() => {
    if (!open || !info.data) return;
    const d = info.data;
    form.setFieldsValue({
      avatar: d.avatar,
      name: d.name,
      sex: d.sex === 0 || d.sex === 1 ? d.sex : null,
      birthday: d.birthday ? dayjs(d.birthday, 'YYYY-MM') : null,
      phone: d.phone ?? '',
    });
  }, [open, info.data, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body: ProfileForm = {
      name: v.name,
      avatar: v.avatar ?? '',
      sex: v.sex ?? null,
      birthday: v.birthday ? v.birthday.format('YYYY-MM') : null,
    };
    const result = await edit.mutateAsync(body);
    // The navbar shows name and avatar from the session: keep it in step without a reload.
    const session = useSession.getState();
    if (session.info)
      session.setInfo({ ...session.info, name: result.value.name, avatar: result.value.avatar });
    message.success(result.message);
    onClose();
  };

  return (
    <Drawer
      title={t('profile.title')}
      open={open}
      onClose={onClose}
      size={limits.profileDrawerWidth}
      forceRender
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={edit.isPending} onClick={() => save().catch(() => {})}>
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Spin spinning={info.isFetching}>
        <Form form={form} layout="vertical" name="profile">
          <Form.Item name="avatar" label={t('profile.avatar')}>
            <AvatarPicker />
          </Form.Item>
          <Form.Item name="name" label={t('profile.name')} rules={rules.name(t)}>
            <Input showCount maxLength={limits.nameMax} />
          </Form.Item>
          <Form.Item name="sex" label={t('profile.sex')}>
            <Radio.Group>
              <Radio value={1}>{t('profile.male')}</Radio>
              <Radio value={0}>{t('profile.female')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="birthday"
            label={t('profile.birthday')}
            rules={[
              {
                // The server refuses it too (contract editSelfInfoBody): no month after this one.
                validator: async (_, value: Dayjs | null) => {
                  if (value && value.format('YYYY-MM') > chinaToday().slice(0, 7)) {
                    throw new Error(t('profile.birthdayFuture'));
                  }
                },
              },
            ]}
          >
            <DatePicker
              picker="month"
              format="YYYY-MM"
              disabledDate={(d) => d.format('YYYY-MM') > chinaToday().slice(0, 7)}
              placeholder={t('profile.birthdayPlaceholder')}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="phone" label={t('profile.phone')}>
            <Input readOnly variant="filled" placeholder={t('profile.phoneNone')} />
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
