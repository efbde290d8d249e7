// Head vocabularies of the synthetic benchmark corpus: the most frequent words of CUV (jieba), KJV, RV1909 and
// Darby, and the 700 most frequent CUV characters (the material of the Chinese pseudo-word tail). Generated once.

export const HEAD_WORDS = {
  en: `the and of to that in he shall unto for i his a lord they be is him not them it with all thou thy was god
which my me said but ye their have will thee from as are when this out were upon man by you israel king son up
there hath then people came had house on into her come one we children before your also s day land an so men
against shalt if at let go hand us saying made went even no do now behold saith every therefore these because
after our things david or father down sons hast o say make may over did earth what jesus she who great name
thine any away among put thereof forth give neither take am city days brought moses two heart pass judah
jerusalem according should whom know nor took thus bring offering good place word set sent more yet again like
way eat mine heard about called time evil egypt holy see own hundred spake heaven christ done brethren many
hear thing fathers fire saw words priest how years himself law thousand speak off spirit voice servant eyes
cast given art answered three together than`,
  es: `y de que á la el los en no su por jehová del las con sus para se porque dios al él tu es como lo mi sobre yo
tierra hijos mas ellos israel rey le dijo hijo he todos te todo un ha me casa ni pueblo vosotros fué delante
si entonces así será os tus también había pues cual señor aquí tú hasta contra día cuando mí ti diciendo una
mano hombre todas toda qué está david ella padre mis más entre son les este hombres esto días nombre cosas
corazón ahora ó era moisés ciudad judá nosotros hizo dicho jerusalem esta dos jesús uno dice palabra hecho
fueron desde ojos lugar allí mujer oh é cada has aquel estaba vino después han nos egipto espíritu cuales
tanto sea camino sino tiempo medio estas hay vuestros hermanos sin serán palabras manos años antes bien
conforme padres respondió quién nuestro voz grande mil luego vida gentes otro fuego parte habían oro soy otra
aun vuestro estaban siervo ley ser alma sacerdote obra campo mal monte estos ciudades siervos príncipes tres
siete siempre causa puerta sí mar mismo donde boca aguas sangre sacerdotes varón gran carne están empero saúl
cielo`,
  fr: `et de le la l les à il qui que d des en est je vous dans éternel pour pas ne un ils du tu fils dit a lui qu ce
sur dieu car son n au une nous se avec sa comme ses moi leur par s mais toi israël roi mon tout sont tous ton
y elle j était ai maison leurs homme devant ceux là sera avait peuple pays te si celui aux fait c contre
hommes tes eux jour ont ta t on me seigneur voici vers aussi terre as disant été quand ma m jusqu main selon
ainsi plus toutes david père point choses toute étaient mes afin entre ces or où jours suis même jésus nom vos
cœur fut soit parole moïse yeux juda pourquoi ville jérusalem votre après ni cause femme ou cette faire deux
fit ayant milieu cela notre lieu donc seront elles parce avez mort égypte bien autre esprit maintenant dis
alors nations aura paroles frères feu être es pères christ cieux voix avons encore temps sacrificateur âme vie
ici péché mains dessus arriva vint grand grande parmi sans villes sang furent avaient face étant argent dirent
chemin ci nos mal`,
  zh: `的 我 你 他 在 说 他们 人 了 你们 耶和华 是 就 和 要 也 我们 都 有 神 不 为 又 以色列 这 从 与
将 因为 儿子 所 去 使 到 对 那 必 上 就是 把 没有 那里 来 给 呢 被 自己 并 耶稣 作 事 一切 向
因 中 时候 地 叫 约 王 一个 面前 啊 她 拿 得 以 知道 大卫 用 若 甚么 但 的话 却 着 不可 这样
摩西 祭司 可以 主 看见 百姓 耶路撒冷 吗 不要 吩咐 犹大 之 埃及 求 吃 行 仆人 见 祭 死 众人 出来
不是 住 便 听 当 听见 里 所以 如此 像 谁 撒 于是 告诉 看 我要 起来 直到 子孙 一样 哪 亚 不能 这些
日子 凡 家 弟兄 中间 已经 先知 地上 愿 殿 好 现在 名 杀 能 还 大 父亲 雅各 归 并且 那时 众 身上
吧 心里 利亚 有人 攻击 智慧 荣耀 基督 回答 这里 同 站 临到 这是 或作 下 地方 赐给 洁净 心 过 永远
带 而 离开 手 我必 受 怎样 问 所行 原文 坛 门徒 支派 许多 城 打发 亚伦 来到 那些 好像 律法 仇敌
一同 或 如 其中 平安 罪 妇人 照`,
};

export const ZH_CHARS = `的他你我们人在和是耶说不要以就有为了子一华这所上来那必亚大里神到因中地作从去利列都也王使见得儿行将色
给又与事可着出约前之日对西个撒样时看如并祭面心自下用拉话能知城主拿把众同道基叫没当向起十雅听安手被罗
法巴比门稣求路呢各天住民己若百罪切候家生无多么甚死女长此于像名头回过发她摩犹好圣后玛恶卫物只但告二伯
国打啊受哈仆离却年些父立或其身米吃间万亲先尼羊照便司杀爱分四还山迦然外成殿救三及经希带直愿开领归公赐
而意兄命献信凡咐弟进水何明孙全伦冷灭口眼姓两吗义处已声埃定平吩造守且未力实永远会应勒方士七沙居原喜示
许往斯活边现谁火正再督世母今诉指交野军五石者福族言至押论老书攻怒别击律问妇洁坛本徒第倒服按荣称站加记
哪兰美理扫灵非高敌怎树底临随恩音马怕走苦放曾派施属金牛乃妻血业乐奉内净取岂衣海河祖常文答除等光彼银首
教满刀难太坐念烧敬入千洗战预存阿保蒙耀流吧备欢靠珥仇传智害次争位赎慧香显座提哥聚工毁接近息食留围脱器
气支脚房尽耳东跟邦待数犯弃暗降赶小波兵连相喝夫免既谢断动逃南管歌布强细转望体代想果差酒遵田哀誓营白判
产建呼幕六少荒写月收重报弗证寻干节善肉孩认油瑟识界设掳夜思宝治达坏快真拜群悯该帐旷每仍礼更舍变旁肘请
祷结审追古共财木坚燔容绝亡语屋灾户土羞罕牲惟风例惊甲祸恨新夺黑极惧割几岁选虽赞孽早训饼特八淫复权诸量
污供足晓根柜畏角集遇右尊伊穿举葡萄述慈背乌悦谷素畜目跑愚合才故怜偶末剩邑羔顺种完伏墙落散哭病兽恐助单
胜空余奇伸臣掉令园剑块点虚帮遍诚宗勇嫩伤找辱字萨裔车穷咒乎败算凭君憎麦男总柱情性责莲鬼号藏罚颂讲宫云
赛独宽困送半谨花召谋膏致拯件初境买竟止脸观改遭挪棚盛顾借客养睡铜肯遣修承刻劳官卖固娶办患引喊怀探船条`;
