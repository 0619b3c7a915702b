import {
  chinaToday,
  type LwryDetail,
  mobileField,
  parseIdNumber,
  t as serverT,
  workerJobs,
  workerTeams,
} from '@pineguard/contract';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLangStore } from '../../../locales/index.ts';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { schemaRule } from '../../../shared/formRules.ts';
import { closeTab } from '../../../shared/pageTabs.ts';
import { loadIdCard, useSaveWorker, useSections, useWorkerDetail } from '../api.ts';
import { ClockInList } from '../components/ClockInList.tsx';
import { PhotoUpload } from '../components/PhotoUpload.tsx';
import { useWorkersT } from '../messages.ts';

type FormValues = {
  name: string;
  idNumber: string;
  phone: string;
  sectionCode: string;
  team?: string;
  job?: string;
  ifToubao?: boolean;
  insurer?: string;
  policyNo?: string;
  period?: [Dayjs, Dayjs];
  idCardFront?: string | null;
  idCardBack?: string | null;
  face?: string | null;
  /** Read-only, derived from the ID number. */
  birthday?: string;
  sex?: 0 | 1;
};

/** The sex derived from the ID number, shown read-only. */
function DerivedSex({ value }: { value?: 0 | 1 }) {
  const t = useWorkersT();
  return (
    <Input disabled value={value === undefined ? '' : value ? t('male') : t('female')} data-testid="sex" />
  );
}

type Derived = Awaited<ReturnType<typeof loadIdCard>>;

/** /lwrymanager/add and /lwrymanager/edit?id=: closes after save and the list refreshes (spec §2). */
export default function WorkerFormPage() {
  const t = useWorkersT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const detail = useWorkerDetail(id);
  const sections = useSections();
  const lang = useLangStore((s) => s.lang);
  const save = useSaveWorker();
  const [form] = Form.useForm<FormValues>();
  const [derived, setDerived] = useState<Derived | null>(null);
  const insured = Form.useWatch('ifToubao', form);

  /** Birth date and sex are filled as soon as the number is valid; region and "already registered" follow from the server. */
  const onIdNumber = async (value: string) => {
    const parsed = parseIdNumber(value, chinaToday());
    if (!parsed.ok) {
      setDerived(null);
      form.setFieldsValue({ birthday: undefined, sex: undefined });
      return;
    }
    form.setFieldsValue({
      birthday: parsed.value.birthDate,
      sex: parsed.value.sex,
    });
    try {
      setDerived(await loadIdCard(value));
    } catch {
      setDerived(null);
    }
  };

  useEffect(() => {
    const d: LwryDetail | undefined = detail.data;
    if (!d) return;
    form.setFieldsValue({
      name: d.name,
      idNumber: d.idNumber,
      phone: d.phone,
      sectionCode: d.sectionCode,
      team: d.team,
      job: d.job,
      ifToubao: d.ifToubao === 1,
      insurer: d.insurer,
      policyNo: d.policyNo,
      period: d.bxStart && d.bxEnd ? [dayjs(d.bxStart), dayjs(d.bxEnd)] : undefined,
      idCardFront: d.idCardFront,
      idCardBack: d.idCardBack,
      birthday: d.birthday,
      sex: d.sex,
    });
    if (!d.idNumberMasked) loadIdCard(d.idNumber).then(setDerived, () => setDerived(null));
  }, [detail.data, form]);

  const close = () => {
    closeTab(location.pathname);
    navigate('/lwrymanager/list');
  };

  const submit = async (v: FormValues) => {
    const fields = {
      name: v.name,
      idNumber: v.idNumber,
      phone: v.phone,
      sectionCode: v.sectionCode,
      team: v.team ?? '',
      job: v.job ?? '',
      ifToubao: v.ifToubao ? 1 : 0,
      insurer: v.insurer ?? '',
      policyNo: v.policyNo ?? '',
      bxStart: v.period?.[0]?.format('YYYY-MM-DD') ?? null,
      bxEnd: v.period?.[1]?.format('YYYY-MM-DD') ?? null,
      idCardFront: v.idCardFront ?? null,
      idCardBack: v.idCardBack ?? null,
      faceFileIds: v.face ? [v.face] : [],
    };
    try {
      const res = await save.mutateAsync(id ? { ...fields, id } : fields);
      message.success(res.message);
      close();
    } catch (error) {
      // The message was shown; a field-level answer also goes under its field.
      showFieldErrors(form, error);
    }
  };

  const masked = detail.data?.idNumberMasked;
  return (
    <Card>
      <Alert type="info" showIcon title={t('form.pendingNote')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        name="worker"
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onFinish={submit}
        // Enter in a field (the insurance dates, say) must not save a worker whose photos are not
        // attached yet: only the 保存 button submits this multi-part form (issue 29).
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
        }}
      >
        <Typography.Title level={5}>{t('form.basic')}</Typography.Title>
        <Form.Item
          name="name"
          label={t('col.name')}
          rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }, { max: 30 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="idNumber"
          label={t('form.idNumber')}
          extra={
            derived &&
            (derived.existing && derived.existing.id !== id
              ? t('form.existing', { name: derived.existing.name })
              : t('form.derived', {
                  birthday: derived.birthday,
                  sex: derived.sex ? t('male') : t('female'),
                  age: derived.age,
                  region: derived.regionName || '—',
                }))
          }
          rules={[
            { required: true, message: t('form.idNumberRequired') },
            {
              // The contract's parser and the server's message: which part of the number is wrong.
              validator: async (_, value: string) => {
                if (!value || (masked && value === detail.data?.idNumber)) return;
                const parsed = parseIdNumber(value.trim(), chinaToday());
                if (!parsed.ok) throw new Error(serverT(lang, parsed.problem));
              },
            },
          ]}
        >
          <Input
            maxLength={18}
            disabled={masked}
            onChange={(e) => void onIdNumber(e.target.value.trim())}
            data-testid="id-number"
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('col.phone')}
          rules={[
            { required: true, message: t('form.phoneRequired') },
            schemaRule(mobileField, serverT(lang, 'phoneInvalid')),
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="birthday" label={t('form.birthday')}>
          <Input disabled data-testid="birthday" />
        </Form.Item>
        <Form.Item name="sex" label={t('form.sex')}>
          <DerivedSex />
        </Form.Item>
        <Form.Item
          name="sectionCode"
          label={t('col.section')}
          rules={[{ required: true, message: t('form.sectionRequired') }]}
        >
          <Select options={(sections.data?.list ?? []).map((s) => ({ value: s.code, label: s.name }))} />
        </Form.Item>
        <Form.Item name="team" label={t('form.team')}>
          <AutoComplete
            options={workerTeams.map((v) => ({ value: v }))}
            placeholder={t('form.teamPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="job" label={t('form.job')}>
          <AutoComplete
            options={workerJobs.map((v) => ({ value: v }))}
            placeholder={t('form.jobPlaceholder')}
          />
        </Form.Item>
        <Typography.Title level={5}>{t('form.insurance')}</Typography.Title>
        <Form.Item name="ifToubao" valuePropName="checked" label={t('form.insured')}>
          <Checkbox data-testid="insured" />
        </Form.Item>
        {insured && (
          <>
            <Form.Item name="insurer" label={t('form.insurer')}>
              <Input />
            </Form.Item>
            <Form.Item name="policyNo" label={t('form.policyNo')}>
              <Input />
            </Form.Item>
            <Form.Item
              name="period"
              label={t('form.period')}
              rules={[{ required: true, message: t('form.periodRequired') }]}
            >
              <DatePicker.RangePicker data-testid="period" />
            </Form.Item>
          </>
        )}
        <Typography.Title level={5}>{t('form.photos')}</Typography.Title>
        <Form.Item name="idCardFront" label={t('form.front')}>
          <PhotoUpload kind="idCard" testId="upload-front" />
        </Form.Item>
        <Form.Item name="idCardBack" label={t('form.back')}>
          <PhotoUpload kind="idCard" testId="upload-back" />
        </Form.Item>
        <Form.Item name="face" label={t('form.face')}>
          <PhotoUpload kind="face" testId="upload-face" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
            <Button onClick={close}>{t('form.cancel')}</Button>
          </Space>
        </Form.Item>
      </Form>
      {id && <ClockInList workerId={id} />}
    </Card>
  );
}
