import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** French. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': 'Acheter des cryptos',
  'onramp.title.inProgress': 'Achat en cours',
  'onramp.title.activity': 'Achats',
  'onramp.buy': 'Acheter des cryptos',
  'onramp.amount': 'Montant ({currency})',
  'onramp.currency': 'Vous achetez',
  'onramp.method': 'Moyen de paiement',
  'onramp.method.card': 'Carte',
  'onramp.method.ach_bank_account': 'Virement bancaire',
  'onramp.provider': 'Fournisseur',
  'onramp.quoting': 'Obtention d’un devis…',
  'onramp.youGet': 'Vous recevez {amount} {symbol}',
  'onramp.fees': 'Frais {fees} {currency}, réseau {network} {currency}',
  'onramp.continue': 'Continuer vers le paiement',
  'onramp.noProviders': 'Aucun fournisseur d’achat ne dessert ce réseau',
  'onramp.popupBlocked': 'Autorisez les fenêtres pop-up sur cette page pour ouvrir le paiement',
  'onramp.inProgress.detail':
    'Terminez l’achat dans la fenêtre de paiement. Cette vue se met à jour à l’arrivée de la commande.',
  'onramp.inProgress.timeout': 'Aucune commande reçue en 3 minutes. Réessayez.',
  'onramp.reopen': 'Rouvrir le paiement',
  'onramp.activity.empty': 'Aucun achat pour l’instant',
  'onramp.status.IN_PROGRESS': 'En cours',
  'onramp.status.SUCCESS': 'Terminé',
  'onramp.status.FAILED': 'Échec',
  'onramp.buyAgain': 'Acheter à nouveau',
}
