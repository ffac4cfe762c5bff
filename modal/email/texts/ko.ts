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
}
