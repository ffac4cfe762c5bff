import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Korean. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': '이름 선택',
  'names.title.success': '이름 등록됨',
  'names.input.label': '이름',
  'names.input.placeholder': '이름 입력',
  'names.available': '사용 가능',
  'names.registered': '등록됨',
  'names.taken': '이미 사용 중인 이름입니다. 다음 중 하나를 사용해 보세요:',
  'names.register': '등록',
  'names.registering': '등록 중…',
  'names.successHeading': '계정 이름을 설정했습니다',
  'names.successDetail': '이제 주소 대신 {name}을(를) 사용할 수 있습니다.',
  'names.successDone': '계정으로 돌아가기',
  'names.choose': '이름 선택',
  'names.error.TOO_SHORT': '이름은 4자 이상이어야 합니다',
  'names.error.INVALID_CHARACTERS': '영문자, 숫자, - 문자만 사용할 수 있습니다',
  'names.error.ALREADY_OWNS': '이미 이름을 보유하고 있습니다',
  'names.error.INVALID_CHAIN_ID': '잘못된 chainId입니다',
  'names.error.RESOLVE_FAILED': '이름을 확인하는 중 오류가 발생했습니다',
  'names.error.SUGGESTIONS_FAILED': '이름 추천을 가져오는 중 오류가 발생했습니다',
  'names.error.REVERSE_FAILED': '주소의 이름을 가져오는 중 오류가 발생했습니다',
  'names.error.REGISTER_FAILED': '{name} 이름을 등록하는 중 오류가 발생했습니다',
  'names.error.NETWORK_NOT_FOUND': '네트워크를 찾을 수 없습니다',
  'names.error.NO_AUTH_ACCOUNT': '주소 또는 인증 커넥터를 찾을 수 없습니다',
  'names.reason.taken': '이미 사용 중인 이름입니다',
  'names.reason.signature': '잘못된 서명입니다',
  'names.reason.expired': '메시지가 만료되었습니다',
  'names.reason.notFound': '이름을 찾을 수 없습니다',
}
