import TabStripTestSupport

/// Generates realistic tab titles, deterministically from a seed: the channel names of a Chinese news or short-video
/// app (推荐 关注 同城 热点 科技 …) mixed with Japanese, Korean, Latin-script and Arabic names, numbers and dates, emoji (with
/// skin tones, ZWJ sequences and flags), and a few long titles.
///
/// The same seed always gives the same titles (the generator uses ``SeededGenerator``, not the standard library's
/// random algorithms). Titles never contain tabs or line breaks, so they fit a TSV file.
package struct TitleGenerator {
    private var random: SeededGenerator

    package init(seed: UInt64) { random = SeededGenerator(seed: seed, stream: "titles") }

    package static func titles(count: Int, seed: UInt64) -> [String] {
        var generator = TitleGenerator(seed: seed)
        return (0..<max(0, count)).map { _ in generator.next() }
    }

    package mutating func next() -> String {
        let roll = random.next(below: 100)
        switch roll {
        case 0..<34: return random.pick(Self.chineseChannels)
        case 34..<44: return chineseCompound()
        case 44..<51: return random.pick(Self.japanese)
        case 51..<57: return random.pick(Self.korean)
        case 57..<68: return latin()
        case 68..<74: return numbered()
        case 74..<82: return "\(random.pick(Self.emoji)) \(random.pick(Self.chineseChannels + Self.latinWords))"
        case 82..<87:
            return "\(random.pick(Self.emojiSequences)) \(random.pick(Self.chineseChannels + Self.latinWords))"
        case 87..<92: return random.pick(Self.arabic)
        case 92..<98: return mixed()
        default: return long()
        }
    }

    private mutating func chineseCompound() -> String {
        if random.chance(0.5) { return random.pick(Self.chineseChannels) + random.pick(Self.chineseSuffixes) }
        return random.pick(Self.chinesePlaces) + random.pick(Self.chineseChannels)
    }

    private mutating func latin() -> String {
        (0..<(1 + random.next(below: 3))).map { _ in random.pick(Self.latinWords) }.joined(separator: " ")
    }

    private mutating func numbered() -> String {
        switch random.next(below: 7) {
        case 0:
            let year = 2015 + random.next(below: 12)
            return "\(year)-\(twoDigits(1 + random.next(below: 12)))-\(twoDigits(1 + random.next(below: 28)))"
        case 1: return "\(1 + random.next(below: 12))月\(1 + random.next(below: 28))日"
        case 2: return "第\(1 + random.next(below: 300))期"
        case 3: return "Top \(random.pick([3, 5, 10, 20, 50, 100]))"
        case 4: return "#\(random.next(below: 10_000))"
        case 5: return "Vol. \(1 + random.next(below: 99))"
        default: return "\(random.pick(Self.chineseChannels))\(1 + random.next(below: 999))"
        }
    }

    private mutating func mixed() -> String {
        let head = random.pick(Self.latinBrands)
        let middle = random.pick(Self.chineseChannels + Self.chineseSuffixes)
        let tail = random.chance(0.5) ? " \(random.pick(Self.emoji + Self.emojiSequences))" : ""
        return "\(head)\(middle) \(random.next(below: 100))\(tail)"
    }

    private mutating func long() -> String {
        let pieces = 3 + random.next(below: 4)
        var text = ""
        for index in 0..<pieces {
            if index > 0, random.chance(0.4) { text += " " }
            switch random.next(below: 4) {
            case 0: text += random.pick(Self.chineseChannels)
            case 1: text += random.pick(Self.latinWords)
            case 2: text += random.pick(Self.japanese)
            default: text += random.pick(Self.emoji)
            }
        }
        return text
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static let chineseChannels = [
        "推荐", "关注", "同城", "热点", "科技", "娱乐", "体育", "财经", "军事", "国际",
        "汽车", "时尚", "美食", "旅游", "游戏", "动漫", "音乐", "影视", "健康", "教育",
        "历史", "育儿", "房产", "数码", "搞笑", "情感", "星座", "三农", "直播", "视频",
        "小说", "图片", "问答", "精品课", "手机", "懂车帝", "冬奥", "世界杯", "NBA", "电竞",
        "宠物", "家居", "职场", "法治", "文化", "科学", "养生", "奇闻", "公益", "本地",
    ]
    static let chineseSuffixes = ["频道", "直播", "精选", "热榜", "快讯", "专区", "榜单", "大全", "速递", "圈"]
    static let chinesePlaces = ["北京", "上海", "广州", "深圳", "成都", "杭州", "武汉", "西安", "重庆", "南京"]
    static let japanese = [
        "おすすめ", "フォロー中", "ニュース", "スポーツ", "エンタメ", "天気", "経済", "アニメ",
        "音楽", "ゲーム", "グルメ", "旅行", "ライブ", "話題", "テクノロジー", "地域",
    ]
    static let korean = [
        "추천", "팔로잉", "뉴스", "스포츠", "연예", "경제", "게임", "음악", "라이브", "여행",
        "맛집", "패션", "뷰티", "웹툰",
    ]
    static let latinWords = [
        "For You", "Following", "Live", "Trending", "Tech", "Sports", "Music", "Gaming", "News",
        "Comedy", "Food", "Travel", "Science", "Fashion", "Beauty", "Pets", "DIY", "Finance",
        "Café", "Übersicht", "Niño", "Économie", "Fußball", "São Paulo", "Crème", "Ñandú",
        "Wiadomości", "Spor", "Noticias", "Actualité",
    ]
    static let latinBrands = ["NBA", "F1", "UFC", "CBA", "LPL", "iPhone", "AI", "5G", "VR", "WWDC"]
    static let emoji = ["🔥", "⚽️", "🏀", "🎮", "🎵", "📈", "🍜", "✈️", "🐱", "💡", "👍🏽", "🙌🏿", "❤️", "⭐"]
    static let emojiSequences = [
        "👨‍👩‍👧‍👦", "👩‍💻", "🧑‍🚀", "🏳️‍🌈", "👩🏽‍🍳", "🧑🏻‍🎤", "❤️‍🔥",
        "🇨🇳", "🇯🇵", "🇰🇷", "🇺🇸", "🇫🇷", "🇧🇷", "🇸🇦", "🇩🇪",
    ]
    static let arabic = ["أخبار", "رياضة", "تقنية", "اقتصاد", "فن", "سفر", "مباشر", "ألعاب", "موسيقى", "صحة"]
}
