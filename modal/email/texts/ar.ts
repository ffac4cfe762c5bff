import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'المتابعة بالبريد الإلكتروني',
  'title.EmailVerifyOtp': 'تأكيد البريد الإلكتروني',
  'title.EmailVerifyDevice': 'تسجيل الجهاز',
  'title.UpdateEmailWallet': 'تعديل البريد الإلكتروني',
  'title.UpdateEmailPrimaryOtp': 'تأكيد البريد الإلكتروني الحالي',
  'title.UpdateEmailSecondaryOtp': 'تأكيد البريد الإلكتروني الجديد',
  'title.ApproveTransaction': 'الموافقة على المعاملة',
  label: 'البريد الإلكتروني',
  placeholder: 'البريد الإلكتروني',
  continue: 'متابعة',
  codeSent: 'أدخل الرمز الذي أرسلناه إلى {email}',
  approveDevice: 'وافق على هذا الجهاز',
  approveDeviceHint: 'أرسلنا رابطًا إلى {email}. افتحه ووافق على هذا الجهاز، ثم نرسل إليك رمزًا.',
  retry: 'إعادة المحاولة',
  save: 'حفظ',
  update: 'تغيير البريد الإلكتروني',
  export: 'تصدير المحفظة',
  approveInFrame: 'راجع الطلب في محفظتك الآمنة ووافق عليه هناك.',
  'title.ConnectingSocial': 'تسجيل الدخول الاجتماعي',
  socialLabel: 'تسجيل الدخول الاجتماعي',
  continueWith: 'المتابعة باستخدام {name}',
  socialWaiting: 'أكمل تسجيل الدخول باستخدام {name} في النافذة التي فُتحت.',
  socialClosed: 'أُغلقت نافذة تسجيل الدخول قبل اكتمالها.',
  farcasterUnavailable: 'تسجيل الدخول عبر Farcaster غير متاح في هذه المحفظة بعد.',
}
