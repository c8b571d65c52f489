import HandoffCore

/// Where a setting's value came from (SPEC §8 `set`).
package enum SettingOrigin: String, Sendable {
    /// Never set: the built-in default.
    case `default`
    /// The loaded scene's own `settings`.
    case scene
    /// A `set` command; it survives `load` unless the new scene sets the key itself.
    case set
}

extension Session {
    /// The default value of every `set` key, in the order `set` lists them.
    static let defaultSettings: [(key: String, value: String)] = {
        let d = Settings()
        return [
            ("slop", NumberFormat.format(d.slop)), ("slopmode", d.slopMode.rawValue),
            ("policy", d.policy.rawValue), ("touches", d.touches.rawValue),
            ("fps", String(Int(d.fps))), ("output", "text"),
        ]
    }()

    /// The default of every setting, in the order `set` lists them.
    static let defaultValues: [Setting] = {
        let d = Settings()
        return [
            .slop(d.slop), .slopMode(d.slopMode), .policy(d.policy), .touches(d.touches),
            .fps(Int(d.fps)),
            .output(json: false),
        ]
    }()

    /// The current value of a `set` key, as `set` prints it.
    func settingValue(_ key: String) -> String {
        switch key {
        case "slop": NumberFormat.format(sim.settings.slop)
        case "slopmode": sim.settings.slopMode.rawValue
        case "policy": sim.settings.policy.rawValue
        case "touches": sim.settings.touches.rawValue
        case "fps": NumberFormat.format(sim.settings.fps)
        case "output": json ? "json" : "text"
        default: sceneKeyValue(key)
        }
    }

    /// Where a key's value came from.
    func settingOrigin(_ key: String) -> SettingOrigin {
        if sceneSettings.contains(where: { $0.key == key }) { return .scene }
        if userSettings[key] != nil { return .set }
        // A value set from outside (the `--json` flag is `set output json`) counts as set.
        let d = Self.defaultSettings.first { $0.key == key }?.value
        return settingValue(key) == d ? .default : .set
    }

    /// Applies the settings for a newly loaded scene: the defaults, then every `set` made so far
    /// (they survive `load`), then the scene's own `settings`, which override them. A previous
    /// scene's settings do not carry over to the next scene.
    mutating func applySettingsForLoad() {
        // `output` is the session's, not the scene's: a load leaves it as it is.
        for d in Self.defaultValues {
            switch d {
            case .output, .node, .gestures, .rule: continue
            case .slop, .slopMode, .policy, .touches, .fps: apply(userSettings[d.key] ?? d)
            }
        }
        // `SceneValidator` checked every scene's settings, whoever made the scene.
        sceneSettings = sim.graph.scene.settings.compactMap { key, value in
            try? Setting(key: key, value: value) { Diagnostic($0) }
        }
        for s in sceneSettings { apply(s) }
    }

    /// `set KEY VALUE`: applies it and remembers it was set by hand.
    mutating func set(_ setting: Setting) {
        apply(setting)
        // A scene key belongs to the loaded scene (SPEC §13.4): not kept over `load`.
        if setting.isSceneKey { return }
        userSettings[setting.key] = setting
        sceneSettings.removeAll { $0.key == setting.key }
    }

    /// `set` alone: every setting, its value and where it came from.
    var settingsListing: [(key: String, value: String, origin: SettingOrigin)] {
        Self.defaultSettings.map { ($0.key, settingValue($0.key), settingOrigin($0.key)) }
    }

    /// The settings that differ from their default, for `state`.
    var changedSettings: [(key: String, value: String, origin: SettingOrigin)] {
        Self.defaultSettings.compactMap { d in
            let v = settingValue(d.key)
            return v == d.value ? nil : (d.key, v, settingOrigin(d.key))
        }
    }
}
