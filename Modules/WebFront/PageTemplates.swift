import Mustache

/// The pages' markup as Mustache templates. `{{name}}` escapes for HTML, so no text from Seoul or the catalog can
/// become markup; no template here uses the unescaped `{{{name}}}` form (a test keeps it so).
struct PageTemplates: Sendable {
    let library: MustacheLibrary

    init() {
        var library = MustacheLibrary()
        for (name, text) in Self.sources {
            // The templates are constants of this file; a parse error is a programming error caught by every test.
            try! library.register(text, named: name)
        }
        self.library = library
    }

    /// The whole page for `page`'s values.
    func render(_ page: [String: Any]) -> String {
        library.render(page, withTemplate: "page") ?? ""
    }

    static let sources: [(String, String)] = [
        ("page", page), ("rows", rows), ("spans", spans), ("parkList", parkList), ("parking", parking),
        ("forecast", forecast), ("directions", directions), ("sources", sourceTable), ("alerts", alerts),
        ("current", current), ("chart", chart), ("places", places), ("go", go),
    ]

    static let page = """
        <!doctype html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        <meta name="description" content="{{title}}">
        <meta name="theme-color" content="#0b4f8a">
        <style>{{style}}</style>
        <link rel="manifest" href="/manifest.webmanifest">
        <link rel="icon" href="/icon.svg" type="image/svg+xml">
        <script src="{{js}}" defer></script>
        </head>
        <body data-generated="{{generated}}" data-next-refresh="{{nextRefresh}}" data-stale-word="{{staleWord}}" data-offline-text="{{offlineText}}" data-away-text="{{awayText}}" data-metre-step="{{metreStep}}" data-kilometre-from="{{kilometreFrom}}" data-location-refused="{{locationRefused}}">
        <a class="skip" href="#main">{{skip}}</a>
        <header>
        <nav class="lang" aria-label="{{languageLabel}}">{{#languages}}<a href="{{href}}" lang="{{code}}" hreflang="{{code}}"{{#current}} aria-current="true"{{/current}}>{{name}}</a> {{/languages}}</nav>
        <p class="app"><a href="{{homeHref}}">{{appTitle}}</a></p>
        <h1>{{heading}}</h1>
        {{^empty(badges)}}<p class="badges" id="freshness">{{#badges}}{{>spans}}{{/badges}}</p>{{/empty(badges)}}
        {{#sourceNotes}}<p class="source-note">{{.}}</p>{{/sourceNotes}}
        <p class="offline" id="offline" role="status" hidden></p>
        {{^empty(tabs)}}<nav class="tabs" aria-label="{{screensLabel}}"><ul>{{#tabs}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{name}}</a></li>{{/tabs}}</ul></nav>{{/empty(tabs)}}
        </header>
        <main id="main">
        {{^empty(rows)}}{{>rows}}{{/empty(rows)}}
        {{#parkList}}{{>parkList}}{{/parkList}}
        {{#parking}}{{>parking}}{{/parking}}
        {{#forecast}}{{>forecast}}{{/forecast}}
        {{#directions}}{{>directions}}{{/directions}}
        {{#places}}{{>places}}{{/places}}
        {{#go}}{{>go}}{{/go}}
        {{#sourceTable}}{{>sources}}{{/sourceTable}}
        {{#notes}}<p class="note">{{#spans}}{{>spans}}{{/spans}}</p>{{/notes}}
        </main>
        <footer>
        {{#asOf}}<p>{{asOf}}</p>{{/asOf}}
        <p>{{terminal}}</p>
        <p>{{license}}</p>
        </footer>
        </body>
        </html>

        """

    /// A word that says "fresh", and the page's stale word, which a page kept for offline use shows instead (by its
    /// stylesheet, on the `data-offline` the service worker sets: no script needed for the words themselves).
    static let current = """
        <span class="fresh {{cls}}">{{text}}</span><span class="kept">{{staleWord}}</span>
        """

    static let rows = """
        <dl class="rows">{{#rows}}<div><dt>{{rowLabel}}</dt>{{#rowValues}}<dd>{{#spans}}{{>spans}}{{/spans}}</dd>{{/rowValues}}{{#rowChart}}<dd class="spark"><a href="{{href}}">{{#chart}}{{>chart}}{{/chart}}</a></dd>{{/rowChart}}</div>{{/rows}}</dl>
        """

    /// The forecast as a picture (``ForecastChart``): the band, the p50 line, and for the full size the capacity,
    /// "now", the hours and the opening time; the numbers it was drawn from in `data-` attributes.
    static let chart = """
        <svg class="chart{{#small}} small{{/small}}" viewBox="{{viewBox}}" role="img" aria-labelledby="{{id}}-t {{id}}-d" data-capacity="{{capacity}}" data-minutes="{{minutes}}" data-p50="{{p50s}}" data-p10="{{p10s}}" data-p90="{{p90s}}"><title id="{{id}}-t">{{title}}</title><desc id="{{id}}-d">{{desc}}</desc>{{^small}}<line class="cap" x1="{{left}}" x2="{{right}}" y1="{{capY}}" y2="{{capY}}"/><text class="cap-label" x="{{right}}" y="{{capLabelY}}" text-anchor="end">{{capLabel}}</text><line class="axis" x1="{{left}}" x2="{{right}}" y1="{{bottom}}" y2="{{bottom}}"/>{{/small}}{{#closedSpan}}<rect class="closed" x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}"/>{{/closedSpan}}{{#drawsLine}}<polygon class="band" points="{{band}}"/><polyline class="p50" points="{{line}}"/>{{/drawsLine}}{{#openingPoint}}<line class="range" x1="{{x}}" x2="{{x}}" y1="{{p10}}" y2="{{p90}}"/><circle class="point" cx="{{x}}" cy="{{p50}}" r="4"/>{{/openingPoint}}{{^small}}<line class="now" x1="{{left}}" x2="{{left}}" y1="{{capY}}" y2="{{bottom}}"/><text x="{{left}}" y="{{labelY}}">{{nowLabel}}</text>{{#ticks}}<text x="{{x}}" y="{{labelY}}" text-anchor="{{anchor}}">{{label}}</text>{{/ticks}}{{#opens}}<text class="opens" x="{{left}}" y="12">{{label}}</text>{{/opens}}{{/small}}</svg>
        """

    static let spans = """
        {{#meter}}<meter min="0" max="{{meterTotal}}" value="{{meterFilled}}" aria-hidden="true"></meter>{{/meter}}{{#text}}{{^current}}<span class="{{cls}}">{{text}}</span>{{/current}}{{#current}}{{>current}}{{/current}}{{/text}}
        """

    static let parkList = """
        <p class="go-link"><a href="{{goHref}}">{{goLabel}}</a></p>
        <figure class="river"><svg viewBox="0 0 320 64" aria-hidden="true" focusable="false"><path d="M0 34 C40 24 80 44 120 34 S200 24 240 34 S300 44 320 34" class="water"/>{{#river}}<circle cx="{{x}}" cy="34" r="9" class="dot {{cls}}"/><text x="{{x}}" y="38" text-anchor="middle">{{number}}</text>{{/river}}</svg><figcaption>{{riverCaption}}</figcaption></figure>
        <ol class="parks">{{#parks}}<li><a class="park" href="{{href}}"><span class="n" aria-hidden="true">{{number}}</span> <strong>{{name}}</strong> <span class="facts"><span class="count">{{free}}</span>{{#meterTotal}} <meter min="0" max="{{meterTotal}}" value="{{meterFilled}}" aria-hidden="true"></meter>{{/meterTotal}} <span>{{crowd}}</span>{{#state}} <span class="{{stateClass}}">{{state}}</span>{{/state}}</span></a></li>{{/parks}}</ol>
        """

    static let parking = """
        {{#closed}}<p class="banner yellow b">{{closed}}</p>{{/closed}}
        <p class="tools"><button type="button" id="nearest" hidden>{{nearestLabel}}</button> <span id="location-note" role="status"></span></p>
        <ol class="lots" id="lots">{{#lots}}<li id="lot-{{id}}" data-lat="{{lat}}" data-lon="{{lon}}"{{#focused}} class="focused"{{/focused}}>
        <h2>{{name}}{{#recommended}} <span class="tag">{{recommendedTag}}</span>{{/recommended}}</h2>
        <p><strong class="count">{{free}}</strong>{{#meterTotal}} <meter min="0" max="{{meterTotal}}" value="{{meterFilled}}" aria-hidden="true"></meter>{{/meterTotal}} <span class="{{statusClass}}">{{status}}</span> <span class="dim">{{columnObserved}} {{observed}}</span> <span class="away"></span></p>
        <p class="dim">{{details}}</p>
        <p class="actions">{{#phone}}<a href="tel:{{phoneDigits}}">{{callLabel}}</a> {{/phone}}{{#maps}}<a href="{{href}}">{{name}}</a> {{/maps}}<button type="button" class="alert-lot" data-target="lot:{{id}}" hidden>{{alertLabel}}</button></p>
        </li>{{/lots}}</ol>
        {{#reason}}<p class="yellow">{{reason}}</p>{{/reason}}
        {{#alerts}}{{>alerts}}{{/alerts}}
        """

    /// The way there's places, in the list the page's script sorts by the phone's position (as the lots).
    static let places = """
        <p class="tools"><button type="button" id="nearest" hidden>{{nearestLabel}}</button> <span id="location-note" role="status"></span></p>
        <ol class="lots places" id="lots">{{#items}}<li data-lat="{{lat}}" data-lon="{{lon}}">
        <h2>{{name}} <span class="tag">{{label}}</span></h2>
        <p>{{detail}} <span class="away"></span></p>
        <p class="actions">{{#maps}}<a href="{{href}}">{{name}}</a> {{/maps}}</p>
        </li>{{/items}}</ol>
        """

    /// Where to go now: the arrival's form (no script needed), then the lots ranked for it.
    static let go = """
        <form class="go-form" method="get" action="{{action}}"><p><label for="arrive-in">{{inLabel}}</label> <input id="arrive-in" name="{{parameter}}" type="number" min="0" max="{{reach}}" step="1" inputmode="numeric" required value="{{minutes}}">{{#lang}}<input type="hidden" name="lang" value="{{lang}}">{{/lang}} <button type="submit">{{submit}}</button></p></form>
        {{#error}}<p class="banner red b" id="go-error" role="alert">{{error}}</p>{{/error}}
        {{#drive}}<p class="tools"><button type="button" id="go-drive" data-go="{{data}}" hidden>{{label}}</button> <span id="go-drive-note" role="status"></span></p>{{/drive}}
        {{#header}}<h2 id="go-header">{{header}}</h2>{{/header}}
        {{#made}}<p class="dim">{{made}}</p>{{/made}}
        {{^empty(candidates)}}<p id="go-trip-status" role="status"></p>
        <ol class="lots go" id="go-lots" data-denied="{{tripDenied}}" data-failed="{{tripFailed}}" data-off="{{tripOff}}">{{#candidates}}<li data-lot="{{id}}">
        <h2><span class="dim">{{rank}}.</span> {{name}}</h2>
        <p>{{#chance}}<strong class="{{chanceClass}}">{{chance}}</strong> · {{/chance}}<span class="{{reasonClass}}">{{reason}}</span></p>
        <p class="actions">{{#maps}}<a href="{{href}}">{{name}}</a> {{/maps}}{{#trip}}<button type="button" class="go-trip" data-lot="{{lot}}" data-threshold="{{threshold}}" data-arrive="{{arrive}}" data-on="{{on}}" hidden>{{going}}</button>{{/trip}}</p>
        </li>{{/candidates}}</ol>{{/empty(candidates)}}
        {{#none}}<p class="dim">{{none}}</p>{{/none}}
        """

    static let alerts = """
        <section class="alerts" id="alerts" aria-labelledby="alerts-title" data-park="{{park}}" data-park-name="{{parkName}}" data-on="{{wordOn}}" data-stopped="{{wordStopped}}" data-stop="{{wordStop}}" data-change="{{wordChange}}" data-denied="{{wordDenied}}" data-failed="{{wordFailed}}" data-below="{{wordBelow}}" data-forecast="{{wordForecast}}" data-quiet="{{wordQuiet}}">
        <h2 id="alerts-title">{{title}}</h2>
        <p>{{intro}}</p>
        <p class="alerts-note" id="alerts-script">{{needsScript}}</p>
        <p class="alerts-note" id="alerts-home" hidden>{{homeScreen}}</p>
        <p class="alerts-note" id="alerts-unsupported" hidden>{{unsupported}}</p>
        <p class="alerts-note" id="alerts-off" hidden>{{notOffered}}</p>
        <form id="alert-form" hidden>
        <p><label for="alert-target">{{targetLabel}}</label> <select id="alert-target">{{#targets}}<option value="{{value}}" data-threshold="{{threshold}}">{{name}}</option>{{/targets}}</select></p>
        <p><label for="alert-threshold">{{thresholdLabel}}</label> <input id="alert-threshold" type="number" min="1" max="1000" inputmode="numeric" required value="{{defaultThreshold}}"></p>
        <p><label><input type="checkbox" id="alert-forecast"> {{forecastLabel}}</label></p>
        <fieldset><legend>{{quietLabel}}</legend><label>{{quietFromLabel}} <input type="time" id="alert-quiet-from" value="22:00"></label> <label>{{quietUntilLabel}} <input type="time" id="alert-quiet-until" value="07:00"></label></fieldset>
        <p><button type="submit" id="alert-submit">{{submit}}</button></p>
        </form>
        <p id="alert-status" role="status"></p>
        <h3 id="alert-list-title" hidden>{{listTitle}}</h3>
        <ul id="alert-list" class="alert-list" data-none="{{none}}"></ul>
        </section>
        """

    static let forecast = """
        <h2>{{forecastTitle}}</h2>
        {{#chart}}<figure class="forecast-chart">{{>chart}}</figure>{{/chart}}
        {{^empty(points)}}<table class="forecast"><caption>{{caption}}</caption><thead><tr><th scope="col">{{columnTime}}</th><th scope="col">{{columnExpected}}</th><th scope="col">{{columnRange}}</th><th scope="col">{{columnRisk}}</th></tr></thead><tbody>{{#points}}<tr><th scope="row">{{at}} <span class="dim">{{ahead}}</span></th><td>{{p50}}</td><td>{{p10}}–{{p90}}</td><td class="{{riskClass}}">{{risk}}</td></tr>{{/points}}</tbody></table>{{/empty(points)}}
        {{#opening}}{{>rows}}{{/opening}}
        {{#gap}}<p class="dim">{{gap}}</p>{{/gap}}
        {{#confidence}}<p>{{#spans}}{{>spans}}{{/spans}}</p>{{/confidence}}
        {{^empty(lotLinks)}}<nav aria-label="{{lotsLabel}}"><ul class="chips">{{#lotLinks}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{name}}</a></li>{{/lotLinks}}</ul></nav>{{/empty(lotLinks)}}
        {{^empty(crowd)}}<h2>{{crowdTitle}}</h2>{{#crowd}}<p>{{#spans}}{{>spans}}{{/spans}}</p>{{/crowd}}{{/empty(crowd)}}
        """

    static let directions = """
        <section class="directions" aria-labelledby="directions-title"><h2 id="directions-title">{{title}}</h2><ul class="chips">{{#links}}<li><a href="{{href}}">{{name}}</a></li>{{/links}}</ul></section>
        """

    static let sourceTable = """
        <section class="sources" aria-labelledby="sources-title"><h2 id="sources-title">{{caption}}</h2><ul class="source-list">{{#sources}}<li><p><strong>{{name}}</strong> {{#state}}{{>spans}}{{/state}}</p><p class="dim">{{facts}}</p>{{#detail}}<p class="dim">{{detail}}</p>{{/detail}}</li>{{/sources}}</ul></section>
        """
}
