import { getRuntimeConfig, type RuntimeConfig } from '@app/shared';

/** Shown, honestly, for operator details the runtime config does not give yet. */
export const PENDING_TEXT = '準備中（公開前に掲載します）';

export type OperatorField = keyof NonNullable<RuntimeConfig['operator']>;

/** The operator rows of the legal pages, in the order 特定商取引法に基づく表記 lists them. */
export const OPERATOR_FIELDS: readonly { readonly field: OperatorField; readonly label: string }[] = [
  { field: 'name', label: '事業者名' },
  { field: 'representative', label: '代表者' },
  { field: 'address', label: '所在地' },
  { field: 'phone', label: '電話番号' },
  { field: 'email', label: 'メールアドレス' },
  { field: 'hours', label: '受付時間' },
];

/** One operator detail from the runtime config, or null when it is missing or blank. */
export function operatorValue(field: OperatorField, config: RuntimeConfig = getRuntimeConfig()): string | null {
  const value = config.operator?.[field]?.trim();
  return value ? value : null;
}

/** The operator's name for running text: 「当社」 is defined against it when it is known. */
export function operatorName(config: RuntimeConfig = getRuntimeConfig()): string | null {
  return operatorValue('name', config);
}

/** Who 「当社」 is in the legal texts: the operator's name, or a neutral description until it is published. */
export function operatorLabel(config: RuntimeConfig = getRuntimeConfig()): string {
  return operatorName(config) ?? '本サービスの運営者';
}
