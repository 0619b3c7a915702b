import { type EvidenceSettings, evidenceLimits } from '@pineguard/contract';
import { Form, InputNumber, Switch } from 'antd';
import { useEvidenceT } from './messages.ts';

const numeric = ['photoBeforeHours', 'photoPlaceM', 'photoDupBits', 'outlineToleranceM'] as const;
export const evidenceFieldNames = [...numeric, 'photoExifRequired'] as const;

/** Whether the form's thresholds differ from the saved ones (only then is every record checked again). */
export function evidenceChanged(saved: EvidenceSettings | undefined, values: Partial<EvidenceSettings>) {
  return !!saved && evidenceFieldNames.some((k) => values[k] !== undefined && values[k] !== saved[k]);
}

/**
 * The evidence thresholds as form items, for the project form's 证据检查 group (issue 30): the
 * same limits the server checks (contract evidenceLimits), each with what it decides.
 */
export function EvidenceThresholdFields({ disabled }: { disabled: boolean }) {
  const t = useEvidenceT();
  return (
    <>
      {numeric.map((name) => {
        const { min, max } = evidenceLimits[name];
        return (
          <Form.Item
            key={name}
            name={name}
            label={t(`settings.${name}`)}
            extra={t(`settings.${name}Help`)}
            rules={[
              { required: true, type: 'integer', min, max, message: t('settings.range', { min, max }) },
            ]}
          >
            <InputNumber
              min={min}
              max={max}
              precision={0}
              disabled={disabled}
              style={{ width: 160 }}
              data-testid={`evidence-${name}`}
            />
          </Form.Item>
        );
      })}
      <Form.Item
        name="photoExifRequired"
        label={t('settings.photoExifRequired')}
        extra={t('settings.photoExifRequiredHelp')}
        valuePropName="checked"
      >
        <Switch disabled={disabled} data-testid="evidence-photoExifRequired" />
      </Form.Item>
    </>
  );
}
