import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Brazilian Portuguese. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': 'Comprar cripto',
  'onramp.title.inProgress': 'Compra em andamento',
  'onramp.title.activity': 'Compras',
  'onramp.buy': 'Comprar cripto',
  'onramp.amount': 'Valor ({currency})',
  'onramp.currency': 'Você compra',
  'onramp.method': 'Forma de pagamento',
  'onramp.method.card': 'Cartão',
  'onramp.method.ach_bank_account': 'Transferência bancária',
  'onramp.provider': 'Provedor',
  'onramp.quoting': 'Obtendo uma cotação…',
  'onramp.youGet': 'Você recebe {amount} {symbol}',
  'onramp.fees': 'Taxas {fees} {currency}, rede {network} {currency}',
  'onramp.continue': 'Continuar para o pagamento',
  'onramp.noProviders': 'Nenhum provedor de compra atende esta rede',
  'onramp.popupBlocked': 'Permita pop-ups nesta página para abrir o pagamento',
  'onramp.inProgress.detail':
    'Conclua a compra na janela de pagamento. Isto é atualizado quando o pedido chegar.',
  'onramp.inProgress.timeout': 'Nenhum pedido chegou em 3 minutos. Tente novamente.',
  'onramp.reopen': 'Abrir o pagamento novamente',
  'onramp.activity.empty': 'Nenhuma compra ainda',
  'onramp.status.IN_PROGRESS': 'Em andamento',
  'onramp.status.SUCCESS': 'Concluída',
  'onramp.status.FAILED': 'Falhou',
  'onramp.buyAgain': 'Comprar novamente',
}
