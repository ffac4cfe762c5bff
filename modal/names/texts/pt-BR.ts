import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Brazilian Portuguese. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': 'Escolher nome',
  'names.title.success': 'Nome registrado',
  'names.input.label': 'Nome',
  'names.input.placeholder': 'Digite um nome',
  'names.available': 'Disponível',
  'names.registered': 'Registrado',
  'names.taken': 'Este nome já está em uso. Experimente um destes:',
  'names.register': 'Registrar',
  'names.registering': 'Registrando…',
  'names.successHeading': 'Nome da conta escolhido com sucesso',
  'names.successDetail': 'Agora você pode usar {name} no lugar do seu endereço.',
  'names.successDone': 'Voltar para a conta',
  'names.choose': 'Escolher nome',
  'names.error.TOO_SHORT': 'O nome deve ter pelo menos 4 caracteres',
  'names.error.INVALID_CHARACTERS': 'Só pode conter letras, números e o caractere -',
  'names.error.ALREADY_OWNS': 'Você já tem um nome',
  'names.error.INVALID_CHAIN_ID': 'chainId inválido',
  'names.error.RESOLVE_FAILED': 'Erro ao resolver o nome',
  'names.error.SUGGESTIONS_FAILED': 'Erro ao buscar sugestões de nomes',
  'names.error.REVERSE_FAILED': 'Erro ao buscar os nomes do endereço',
  'names.error.REGISTER_FAILED': 'Erro ao registrar o nome {name}',
  'names.error.NETWORK_NOT_FOUND': 'Rede não encontrada',
  'names.error.NO_AUTH_ACCOUNT': 'Endereço ou conector de autenticação não encontrado',
  'names.reason.taken': 'O nome já está em uso',
  'names.reason.signature': 'Assinatura inválida',
  'names.reason.expired': 'Mensagem expirada',
  'names.reason.notFound': 'Nome não encontrado',
}
