import TabStrip

/// The demo's channel titles: a deterministic mix of Chinese, Japanese,
/// Korean, Latin-script and emoji names, as a news or video app shows.
///
/// Title `n` depends only on `n` (a SplitMix64 hash of it picks the
/// pieces), so any title can be made on its own: the strip's initial tabs
/// are titles `0..<count`, and tabs inserted later take the next unused
/// numbers. Every title is at most ``maximumColumns`` display columns wide,
/// which is what lets the demo say up front whether a terminal is wide
/// enough for any tab.
public enum DemoTitles {
    /// The widest title, in display columns.
    public static let maximumColumns = 14

    /// Title number `n` (any `n >= 0`).
    /// - Complexity: O(1); allocates the string only when it is longer than
    ///   15 UTF-8 bytes (most are not).
    public static func title(_ n: Int) -> String {
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15 ^ 0xD1B5_4A32_D192_ED03)
        let roll = random.below(100)
        let title: String
        switch roll {
        case 0..<30:
            title = random.pick(chinese)
        case 30..<42:
            title = random.pick(places) + random.pick(chinese)
        case 42..<52:
            title = random.pick(japanese)
        case 52..<62:
            title = random.pick(korean)
        case 62..<78:
            title = random.pick(latin)
        case 78..<88:
            title = random.pick(emoji) + random.pick(chinese)
        case 88..<94:
            title = random.pick(emoji) + random.pick(latin)
        default:
            // A numbered channel, so that far tabs are easy to tell apart.
            title = random.pick(chinese) + String(n % 1000)
        }
        return title
    }

    /// Titles `0..<count`.
    /// - Complexity: O(count).
    public static func titles(count: Int) -> [String] {
        var result: [String] = []
        result.reserveCapacity(Swift.max(0, count))
        for n in 0..<Swift.max(0, count) { result.append(title(n)) }
        return result
    }

    static let chinese = [
        "推荐", "关注", "同城", "热点", "科技", "体育", "财经", "娱乐", "军事", "汽车",
        "游戏", "美食", "旅游", "健康", "教育", "音乐", "电影", "动漫", "历史", "数码",
        "时尚", "房产", "育儿", "国际", "小说", "直播", "搞笑", "宠物", "摄影", "手机",
    ]
    static let places = ["北京", "上海", "广州", "深圳", "成都", "杭州", "重庆", "西安"]
    static let japanese = [
        "ニュース", "アニメ", "スポーツ", "おすすめ", "ゲーム", "音楽", "天気", "グルメ", "映画", "ドラマ",
    ]
    static let korean = [
        "뉴스", "스포츠", "연예", "게임", "음악", "추천", "경제", "여행", "요리", "드라마",
    ]
    static let latin = [
        "News", "Sports", "Tech", "World", "Music", "Travel", "Live", "Science", "Football", "Cinema",
        "Cafe\u{301}", "Crème", "Markets", "Weather", "Podcasts", "NBA", "F1", "Gaming",
    ]
    static let emoji = ["🔥", "⚽", "🎮", "🎬", "🍜", "🚀", "🇨🇳", "🇯🇵", "🎵", "👍🏽"]
}

/// SplitMix64: a tiny, fast, well-mixed generator (Steele, Lea and Flood,
/// 2014), enough to pick title pieces deterministically.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func pick(_ items: [String]) -> String {
        items[below(items.count)]
    }
}
