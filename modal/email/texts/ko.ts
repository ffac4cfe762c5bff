import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': '이메일로 계속하기',
  'title.EmailVerifyOtp': '이메일 확인',
  'title.EmailVerifyDevice': '기기 등록',
  'title.UpdateEmailWallet': '이메일 수정',
  'title.UpdateEmailPrimaryOtp': '현재 이메일 확인',
  'title.UpdateEmailSecondaryOtp': '새 이메일 확인',
  'title.ApproveTransaction': '거래 승인',
  label: '이메일',
  placeholder: '이메일',
  continue: '계속',
  codeSent: '{email}(으)로 보낸 코드를 입력하세요',
  approveDevice: '이 기기 승인',
  approveDeviceHint: '{email}(으)로 링크를 보냈습니다. 링크를 열어 이 기기를 승인하면 코드를 보내 드립니다.',
  retry: '다시 시도',
  save: '저장',
  update: '이메일 변경',
  export: '지갑 내보내기',
  approveInFrame: '보안 지갑에서 요청을 검토하고 승인하세요.',
  'title.ConnectingSocial': '소셜 로그인',
  socialLabel: '소셜 로그인',
  continueWith: '{name}(으)로 계속',
  socialWaiting: '열린 창에서 {name} 로그인을 완료하세요.',
  socialClosed: '로그인 창이 완료되기 전에 닫혔습니다.',
  farcasterUnavailable: '이 지갑에서는 아직 Farcaster 로그인을 사용할 수 없습니다.',
}
