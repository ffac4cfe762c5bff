import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Russian. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': 'Купить криптовалюту',
  'onramp.title.inProgress': 'Покупка выполняется',
  'onramp.title.activity': 'Покупки',
  'onramp.buy': 'Купить криптовалюту',
  'onramp.amount': 'Сумма ({currency})',
  'onramp.currency': 'Вы покупаете',
  'onramp.method': 'Способ оплаты',
  'onramp.method.card': 'Карта',
  'onramp.method.ach_bank_account': 'Банковский перевод',
  'onramp.provider': 'Провайдер',
  'onramp.quoting': 'Получаем котировку…',
  'onramp.youGet': 'Вы получите {amount} {symbol}',
  'onramp.fees': 'Комиссии {fees} {currency}, сеть {network} {currency}',
  'onramp.continue': 'Перейти к оплате',
  'onramp.noProviders': 'Ни один провайдер покупки не обслуживает эту сеть',
  'onramp.popupBlocked': 'Разрешите всплывающие окна на этой странице, чтобы открыть оплату',
  'onramp.inProgress.detail': 'Завершите покупку в окне оплаты. Экран обновится, когда придёт заказ.',
  'onramp.inProgress.timeout': 'За 3 минуты заказ не поступил. Попробуйте ещё раз.',
  'onramp.reopen': 'Снова открыть оплату',
  'onramp.activity.empty': 'Покупок пока нет',
  'onramp.status.IN_PROGRESS': 'Выполняется',
  'onramp.status.SUCCESS': 'Завершено',
  'onramp.status.FAILED': 'Не удалось',
  'onramp.buyAgain': 'Купить ещё',
}
