import { DEFAULT_LOCALE, type Locale, type Localized } from './locale.ts';

/**
 * The error catalogue (spec §8). Every error has a stable name, a wire code and its message in the five
 * locales. 401 sends the client to login, 10000–19999 are business errors shown as a toast, 500 is the
 * system error. Services throw `AppError(name)`; the API's error handler turns it into the envelope.
 */
const catalogue = {
  unauthorized: {
    code: 401,
    en: 'Please log in first.',
    'es-es': 'Inicie sesión primero.',
    'fr-fr': 'Veuillez d’abord vous connecter.',
    'zh-cn': '请先登录',
    'zh-tw': '請先登入',
  },
  internal_error: {
    code: 500,
    en: 'Internal system error, please try again later!',
    'es-es': 'Error interno del sistema, ¡inténtelo de nuevo más tarde!',
    'fr-fr': 'Erreur interne du système, veuillez réessayer plus tard !',
    'zh-cn': '系统内部错误，请稍后再试！',
    'zh-tw': '系統內部錯誤，請稍後再試！',
  },
  // 100xx: the request itself
  invalid_request: {
    code: 10000,
    en: 'The request is invalid: {0}',
    'es-es': 'La solicitud no es válida: {0}',
    'fr-fr': 'La requête est invalide : {0}',
    'zh-cn': '请求参数有误：{0}',
    'zh-tw': '請求參數有誤：{0}',
  },
  malformed_json: {
    code: 10001,
    en: 'The request body is not valid JSON.',
    'es-es': 'El cuerpo de la solicitud no es un JSON válido.',
    'fr-fr': 'Le corps de la requête n’est pas un JSON valide.',
    'zh-cn': '请求内容不是有效的 JSON',
    'zh-tw': '請求內容不是有效的 JSON',
  },
  payload_too_large: {
    code: 10002,
    en: 'The request is too large.',
    'es-es': 'La solicitud es demasiado grande.',
    'fr-fr': 'La requête est trop volumineuse.',
    'zh-cn': '请求内容过大',
    'zh-tw': '請求內容過大',
  },
  unsupported_media_type: {
    code: 10003,
    en: 'This content type is not supported.',
    'es-es': 'Este tipo de contenido no es compatible.',
    'fr-fr': 'Ce type de contenu n’est pas pris en charge.',
    'zh-cn': '不支持该内容类型',
    'zh-tw': '不支援該內容類型',
  },
  route_not_found: {
    code: 10004,
    en: 'The requested interface does not exist.',
    'es-es': 'La interfaz solicitada no existe.',
    'fr-fr': 'L’interface demandée n’existe pas.',
    'zh-cn': '请求的接口不存在',
    'zh-tw': '請求的介面不存在',
  },
  method_not_allowed: {
    code: 10005,
    en: 'This interface does not accept the {0} method.',
    'es-es': 'Esta interfaz no acepta el método {0}.',
    'fr-fr': 'Cette interface n’accepte pas la méthode {0}.',
    'zh-cn': '该接口不支持 {0} 方法',
    'zh-tw': '該介面不支援 {0} 方法',
  },
  not_found: {
    code: 10006,
    en: 'The content does not exist or has been deleted.',
    'es-es': 'El contenido no existe o ha sido eliminado.',
    'fr-fr': 'Le contenu n’existe pas ou a été supprimé.',
    'zh-cn': '内容不存在或已被删除',
    'zh-tw': '內容不存在或已被刪除',
  },
  forbidden: {
    code: 10007,
    en: 'You do not have permission to do this.',
    'es-es': 'No tiene permiso para hacer esto.',
    'fr-fr': 'Vous n’avez pas l’autorisation de faire cela.',
    'zh-cn': '您没有执行此操作的权限',
    'zh-tw': '您沒有執行此操作的權限',
  },
  high_traffic: {
    code: 10008,
    en: "We're experiencing high traffic. Please refresh the page or try again later.",
    'es-es': 'Estamos recibiendo mucho tráfico. Actualice la página o inténtelo más tarde.',
    'fr-fr': 'Nous connaissons un trafic élevé. Veuillez actualiser la page ou réessayer plus tard.',
    'zh-cn': '当前访问人数较多，请刷新页面或稍后再试',
    'zh-tw': '目前訪問人數較多，請重新整理頁面或稍後再試',
  },
  service_unavailable: {
    code: 10009,
    en: 'The service is restarting, please try again in a moment.',
    'es-es': 'El servicio se está reiniciando, inténtelo de nuevo en un momento.',
    'fr-fr': 'Le service redémarre, veuillez réessayer dans un instant.',
    'zh-cn': '服务正在重启，请稍后重试',
    'zh-tw': '服務正在重新啟動，請稍後重試',
  },
  // 101xx: login and accounts (spec §5, §8)
  verification_failed_login_again: {
    code: 10100,
    en: 'Verification failed, please Login again.',
    'es-es': 'La verificación falló, inicie sesión de nuevo.',
    'fr-fr': 'La vérification a échoué, veuillez vous reconnecter.',
    'zh-cn': '验证失败，请重新登录',
    'zh-tw': '驗證失敗，請重新登入',
  },
  wrong_password: {
    code: 10101,
    en: 'The account or password is incorrect. Try Forgot Password, or log in with a verification code.',
    'es-es':
      'La cuenta o la contraseña no son correctas. Pruebe «¿Olvidó su contraseña?» o inicie sesión con un código de verificación.',
    'fr-fr':
      'Le compte ou le mot de passe est incorrect. Essayez « Mot de passe oublié » ou connectez-vous avec un code de vérification.',
    'zh-cn': '账号或密码不正确，可尝试“忘记密码”或切换为验证码登录',
    'zh-tw': '帳號或密碼不正確，可嘗試「忘記密碼」或切換為驗證碼登入',
  },
  password_required: {
    code: 10102,
    en: 'Please enter the password',
    'es-es': 'Introduzca la contraseña',
    'fr-fr': 'Veuillez saisir le mot de passe',
    'zh-cn': '请输入密码',
    'zh-tw': '請輸入密碼',
  },
  code_required: {
    code: 10103,
    en: 'Please enter the verification code',
    'es-es': 'Introduzca el código de verificación',
    'fr-fr': 'Veuillez saisir le code de vérification',
    'zh-cn': '请输入验证码',
    'zh-tw': '請輸入驗證碼',
  },
  email_required: {
    code: 10104,
    en: 'Please enter the e-mail address',
    'es-es': 'Introduzca el correo electrónico',
    'fr-fr': 'Veuillez saisir l’adresse e-mail',
    'zh-cn': '请输入邮箱',
    'zh-tw': '請輸入電子郵件',
  },
  phone_required: {
    code: 10105,
    en: 'Please enter the phone number',
    'es-es': 'Introduzca el número de teléfono',
    'fr-fr': 'Veuillez saisir le numéro de téléphone',
    'zh-cn': '请输入手机号',
    'zh-tw': '請輸入手機號碼',
  },
  sms_code_required: {
    code: 10106,
    en: 'Please enter the SMS code',
    'es-es': 'Introduzca el código SMS',
    'fr-fr': 'Veuillez saisir le code SMS',
    'zh-cn': '请输入短信验证码',
    'zh-tw': '請輸入簡訊驗證碼',
  },
  username_required: {
    code: 10107,
    en: 'Please enter the username',
    'es-es': 'Introduzca el nombre de usuario',
    'fr-fr': 'Veuillez saisir le nom d’utilisateur',
    'zh-cn': '请输入用户名',
    'zh-tw': '請輸入使用者名稱',
  },
  captcha_required: {
    code: 10108,
    en: 'Please enter the captcha',
    'es-es': 'Introduzca el captcha',
    'fr-fr': 'Veuillez saisir le captcha',
    'zh-cn': '请输入图形验证码',
    'zh-tw': '請輸入圖形驗證碼',
  },
  captcha_key_required: {
    code: 10109,
    en: 'Please get a captcha first',
    'es-es': 'Obtenga primero un captcha',
    'fr-fr': 'Veuillez d’abord obtenir un captcha',
    'zh-cn': '请先获取图形验证码',
    'zh-tw': '請先取得圖形驗證碼',
  },
  passwords_differ: {
    code: 10110,
    en: 'The two passwords differ',
    'es-es': 'Las dos contraseñas no coinciden',
    'fr-fr': 'Les deux mots de passe sont différents',
    'zh-cn': '两次输入的密码不一致',
    'zh-tw': '兩次輸入的密碼不一致',
  },
  password_too_weak: {
    code: 10111,
    en: 'The password needs at least 8 characters with letters and digits',
    'es-es': 'La contraseña necesita al menos 8 caracteres con letras y números',
    'fr-fr': 'Le mot de passe doit comporter au moins 8 caractères, avec des lettres et des chiffres',
    'zh-cn': '密码至少 8 位，且须同时包含字母和数字',
    'zh-tw': '密碼至少 8 位，且須同時包含字母和數字',
  },
  agreement_required: {
    code: 10112,
    en: 'Please read and agree to the user agreement first',
    'es-es': 'Lea y acepte primero el acuerdo de usuario',
    'fr-fr': 'Veuillez d’abord lire et accepter le contrat d’utilisation',
    'zh-cn': '请先阅读并勾选同意用户协议',
    'zh-tw': '請先閱讀並勾選同意使用者協議',
  },
  code_not_requested: {
    code: 10113,
    en: 'Please request a verification code first',
    'es-es': 'Solicite primero un código de verificación',
    'fr-fr': 'Veuillez d’abord demander un code de vérification',
    'zh-cn': '请先获取验证码',
    'zh-tw': '請先取得驗證碼',
  },
  code_invalid: {
    code: 10114,
    en: 'The verification code is wrong or has expired',
    'es-es': 'El código de verificación es incorrecto o ha caducado',
    'fr-fr': 'Le code de vérification est erroné ou a expiré',
    'zh-cn': '验证码错误或已过期',
    'zh-tw': '驗證碼錯誤或已過期',
  },
  google_unavailable: {
    code: 10115,
    en: 'Google login is not available in your current region',
    'es-es': 'El inicio de sesión con Google no está disponible en su región actual',
    'fr-fr': 'La connexion Google n’est pas disponible dans votre région actuelle',
    'zh-cn': '当前地区暂不支持 Google 登录',
    'zh-tw': '目前地區暫不支援 Google 登入',
  },
  google_loading: {
    code: 10116,
    en: 'Google is still loading, please try again later',
    'es-es': 'Google todavía se está cargando, inténtelo más tarde',
    'fr-fr': 'Google est encore en cours de chargement, veuillez réessayer plus tard',
    'zh-cn': 'Google 正在加载，请稍后再试',
    'zh-tw': 'Google 正在載入，請稍後再試',
  },
  // 102xx: chat and generation (spec §5, §8)
  question_required: {
    code: 10200,
    en: 'Please enter a question',
    'es-es': 'Escriba una pregunta',
    'fr-fr': 'Veuillez saisir une question',
    'zh-cn': '请输入问题',
    'zh-tw': '請輸入問題',
  },
  generation_failed: {
    code: 10201,
    en: 'Generation failed, server exception',
    'es-es': 'La generación falló, error del servidor',
    'fr-fr': 'La génération a échoué, erreur du serveur',
    'zh-cn': '生成失败，服务器异常',
    'zh-tw': '生成失敗，伺服器異常',
  },
  answer_parse_failed: {
    code: 10202,
    en: 'The answer could not be read, please retry',
    'es-es': 'No se pudo leer la respuesta, inténtelo de nuevo',
    'fr-fr': 'La réponse n’a pas pu être lue, veuillez réessayer',
    'zh-cn': '回答解析失败，请重试',
    'zh-tw': '回答解析失敗，請重試',
  },
  // 103xx: voice (spec §5, §8)
  recording_unsupported: {
    code: 10300,
    en: 'This browser does not support recording',
    'es-es': 'Este navegador no admite la grabación',
    'fr-fr': 'Ce navigateur ne prend pas en charge l’enregistrement',
    'zh-cn': '当前浏览器不支持录音',
    'zh-tw': '目前瀏覽器不支援錄音',
  },
  recording_abnormal: {
    code: 10301,
    en: 'Recording is abnormal, please check the microphone permission',
    'es-es': 'La grabación es anómala, compruebe el permiso del micrófono',
    'fr-fr': 'L’enregistrement est anormal, veuillez vérifier l’autorisation du micro',
    'zh-cn': '录音异常，请检查麦克风权限',
    'zh-tw': '錄音異常，請檢查麥克風權限',
  },
  voice_too_short: {
    code: 10302,
    en: 'Speaking time is too short',
    'es-es': 'El tiempo de habla es demasiado corto',
    'fr-fr': 'Le temps de parole est trop court',
    'zh-cn': '说话时间太短',
    'zh-tw': '說話時間太短',
  },
  voice_too_long: {
    code: 10303,
    en: 'Speaking time cannot exceed 60 seconds',
    'es-es': 'El tiempo de habla no puede superar los 60 segundos',
    'fr-fr': 'Le temps de parole ne peut pas dépasser 60 secondes',
    'zh-cn': '说话时间不能超过 60 秒',
    'zh-tw': '說話時間不能超過 60 秒',
  },
  voice_no_text: {
    code: 10304,
    en: 'No text was recognised, please say it again',
    'es-es': 'No se reconoció ningún texto, repítalo por favor',
    'fr-fr': 'Aucun texte n’a été reconnu, veuillez répéter',
    'zh-cn': '未识别到文字，请重新说一遍',
    'zh-tw': '未辨識到文字，請重新說一遍',
  },
  // 104xx: feedback and uploads (spec §5)
  too_many_images: {
    code: 10400,
    en: 'At most 6 screenshots can be uploaded',
    'es-es': 'Se pueden subir como máximo 6 capturas',
    'fr-fr': 'Vous pouvez envoyer au plus 6 captures d’écran',
    'zh-cn': '最多上传 6 张截图',
    'zh-tw': '最多上傳 6 張截圖',
  },
  image_too_large: {
    code: 10401,
    en: 'Each screenshot can be at most 2 MB',
    'es-es': 'Cada captura puede ocupar como máximo 2 MB',
    'fr-fr': 'Chaque capture d’écran ne peut dépasser 2 Mo',
    'zh-cn': '每张截图不能超过 2 MB',
    'zh-tw': '每張截圖不能超過 2 MB',
  },
  // 105xx: the Bible engine
  unknown_book: {
    code: 10500,
    en: 'Unknown book of the Bible: {0}',
    'es-es': 'Libro de la Biblia desconocido: {0}',
    'fr-fr': 'Livre de la Bible inconnu : {0}',
    'zh-cn': '未知的圣经书卷：{0}',
    'zh-tw': '未知的聖經書卷：{0}',
  },
  verse_out_of_range: {
    code: 10501,
    en: 'This passage does not exist: {0}',
    'es-es': 'Este pasaje no existe: {0}',
    'fr-fr': 'Ce passage n’existe pas : {0}',
    'zh-cn': '该经文不存在：{0}',
    'zh-tw': '該經文不存在：{0}',
  },
  reference_unparsable: {
    code: 10502,
    en: 'No Bible reference was recognised in: {0}',
    'es-es': 'No se reconoció ninguna referencia bíblica en: {0}',
    'fr-fr': 'Aucune référence biblique n’a été reconnue dans : {0}',
    'zh-cn': '未能识别经文出处：{0}',
    'zh-tw': '未能辨識經文出處：{0}',
  },
  corpus_preparing: {
    code: 10503,
    en: 'The Bible library is being prepared ({0}%), please try again shortly',
    'es-es': 'La biblioteca bíblica se está preparando ({0} %), inténtelo de nuevo en breve',
    'fr-fr': 'La bibliothèque biblique est en préparation ({0} %), veuillez réessayer sous peu',
    'zh-cn': '圣经资料库正在准备中（{0}%），请稍后再试',
    'zh-tw': '聖經資料庫正在準備中（{0}%），請稍後再試',
  },
  translation_unknown: {
    code: 10504,
    en: 'Unknown Bible translation: {0}',
    'es-es': 'Traducción bíblica desconocida: {0}',
    'fr-fr': 'Traduction biblique inconnue : {0}',
    'zh-cn': '未知的圣经译本：{0}',
    'zh-tw': '未知的聖經譯本：{0}',
  },
  corpus_unavailable: {
    code: 10505,
    en: 'The Bible library is unavailable right now, please try again later',
    'es-es': 'La biblioteca bíblica no está disponible ahora, inténtelo más tarde',
    'fr-fr': 'La bibliothèque biblique est indisponible pour le moment, veuillez réessayer plus tard',
    'zh-cn': '圣经资料库暂时不可用，请稍后再试',
    'zh-tw': '聖經資料庫暫時無法使用，請稍後再試',
  },
} as const satisfies Record<string, { code: number } & Localized>;

export type ErrorName = keyof typeof catalogue;

export const ERROR_CODES = Object.fromEntries(Object.entries(catalogue).map(([name, entry]) => [name, entry.code])) as {
  [K in ErrorName]: (typeof catalogue)[K]['code'];
};

export function errorCode(name: ErrorName): number {
  return catalogue[name].code;
}

/** The message of an error in a locale, with `{0}`, `{1}` … replaced by the arguments. */
export function errorMessage(name: ErrorName, locale: Locale = DEFAULT_LOCALE, args: readonly string[] = []): string {
  const entry = catalogue[name];
  const template = entry[locale] ?? entry[DEFAULT_LOCALE];
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => args[Number(i)] ?? whole);
}

export const ERROR_NAMES = Object.keys(catalogue) as ErrorName[];

/** Business errors are shown to the user as a toast (spec §8). */
export function isBusinessCode(code: number): boolean {
  return code >= 10000 && code < 20000;
}
