import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Korean. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': '암호화폐 구매',
  'onramp.title.inProgress': '구매 진행 중',
  'onramp.title.activity': '구매 내역',
  'onramp.buy': '암호화폐 구매',
  'onramp.amount': '금액 ({currency})',
  'onramp.currency': '구매할 자산',
  'onramp.method': '결제 수단',
  'onramp.method.card': '카드',
  'onramp.method.ach_bank_account': '계좌 이체',
  'onramp.provider': '제공업체',
  'onramp.quoting': '견적을 가져오는 중…',
  'onramp.youGet': '받는 금액 {amount} {symbol}',
  'onramp.fees': '수수료 {fees} {currency}, 네트워크 {network} {currency}',
  'onramp.continue': '결제로 계속',
  'onramp.noProviders': '이 네트워크를 지원하는 구매 제공업체가 없습니다',
  'onramp.popupBlocked': '결제 창을 열려면 이 페이지의 팝업을 허용하세요',
  'onramp.inProgress.detail': '결제 창에서 구매를 완료하세요. 주문이 도착하면 이 화면이 업데이트됩니다.',
  'onramp.inProgress.timeout': '3분 안에 주문이 도착하지 않았습니다. 다시 시도하세요.',
  'onramp.reopen': '결제 창 다시 열기',
  'onramp.activity.empty': '아직 구매 내역이 없습니다',
  'onramp.status.IN_PROGRESS': '진행 중',
  'onramp.status.SUCCESS': '완료',
  'onramp.status.FAILED': '실패',
  'onramp.buyAgain': '다시 구매',
}
