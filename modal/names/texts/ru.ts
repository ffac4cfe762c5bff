import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Russian. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': 'Выбрать имя',
  'names.title.success': 'Имя зарегистрировано',
  'names.input.label': 'Имя',
  'names.input.placeholder': 'Введите имя',
  'names.available': 'Доступно',
  'names.registered': 'Занято',
  'names.taken': 'Это имя занято. Попробуйте одно из этих:',
  'names.register': 'Зарегистрировать',
  'names.registering': 'Регистрация…',
  'names.successHeading': 'Имя аккаунта успешно выбрано',
  'names.successDetail': 'Теперь вы можете использовать {name} вместо адреса.',
  'names.successDone': 'Назад к аккаунту',
  'names.choose': 'Выбрать имя',
  'names.error.TOO_SHORT': 'Имя должно содержать не менее 4 символов',
  'names.error.INVALID_CHARACTERS': 'Может содержать только буквы, цифры и символ -',
  'names.error.ALREADY_OWNS': 'У вас уже есть имя',
  'names.error.INVALID_CHAIN_ID': 'Недопустимый chainId',
  'names.error.RESOLVE_FAILED': 'Ошибка при разрешении имени',
  'names.error.SUGGESTIONS_FAILED': 'Ошибка при получении вариантов имени',
  'names.error.REVERSE_FAILED': 'Ошибка при получении имён для адреса',
  'names.error.REGISTER_FAILED': 'Ошибка при регистрации имени {name}',
  'names.error.NETWORK_NOT_FOUND': 'Сеть не найдена',
  'names.error.NO_AUTH_ACCOUNT': 'Адрес или коннектор аутентификации не найден',
  'names.reason.taken': 'Имя уже занято',
  'names.reason.signature': 'Недействительная подпись',
  'names.reason.expired': 'Срок действия сообщения истёк',
  'names.reason.notFound': 'Имя не найдено',
}
