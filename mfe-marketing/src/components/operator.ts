import { getRuntimeConfig, type RuntimeConfig } from '@app/shared/core';

/** Shown, honestly, for operator details the runtime config does not give yet. */
export const PENDING_TEXT = '準備中（公開前に掲載します）';

export type OperatorField = keyof NonNullable<RuntimeConfig['operator']>;

/** What each operator detail is called wherever it is shown (legal pages, 私たちの約束). */
export const OPERATOR_LABELS: Readonly<Record<OperatorField, string>> = {
  name: '事業者名',
  representative: '代表者',
  address: '所在地',
  phone: '電話番号',
  email: 'メールアドレス',
  hours: '受付時間',
};

/** Operator details as labelled rows, in the order given. */
export const operatorFields = (fields: readonly OperatorField[]): readonly { readonly field: OperatorField; readonly label: string }[] =>
  fields.map((field) => ({ field, label: OPERATOR_LABELS[field] }));

/** The operator rows of the legal pages, in the order 特定商取引法に基づく表記 lists them. */
export const OPERATOR_FIELDS = operatorFields(['name', 'representative', 'address', 'phone', 'email', 'hours']);

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
