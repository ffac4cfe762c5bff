import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Spanish. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': 'Comprar cripto',
  'onramp.title.inProgress': 'Compra en curso',
  'onramp.title.activity': 'Compras',
  'onramp.buy': 'Comprar cripto',
  'onramp.amount': 'Importe ({currency})',
  'onramp.currency': 'Compras',
  'onramp.method': 'Método de pago',
  'onramp.method.card': 'Tarjeta',
  'onramp.method.ach_bank_account': 'Transferencia bancaria',
  'onramp.provider': 'Proveedor',
  'onramp.quoting': 'Obteniendo una cotización…',
  'onramp.youGet': 'Recibes {amount} {symbol}',
  'onramp.fees': 'Comisiones {fees} {currency}, red {network} {currency}',
  'onramp.continue': 'Continuar al pago',
  'onramp.noProviders': 'Ningún proveedor de compra opera en esta red',
  'onramp.popupBlocked': 'Permite las ventanas emergentes en esta página para abrir el pago',
  'onramp.inProgress.detail':
    'Termina la compra en la ventana de pago. Esto se actualiza cuando llegue el pedido.',
  'onramp.inProgress.timeout': 'No llegó ningún pedido en 3 minutos. Inténtalo de nuevo.',
  'onramp.reopen': 'Abrir el pago de nuevo',
  'onramp.activity.empty': 'Aún no hay compras',
  'onramp.status.IN_PROGRESS': 'En curso',
  'onramp.status.SUCCESS': 'Completada',
  'onramp.status.FAILED': 'Fallida',
  'onramp.buyAgain': 'Comprar de nuevo',
}
