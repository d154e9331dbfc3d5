// Lecture pages of the Cardiovascular System module. Recall passages use class="recall".
import type { DemoPage } from './types.ts';

export const CARDIAC_ANATOMY_PAGE: DemoPage = {
  title: 'Chambers, Valves and the Coronary Circulation',
  htmlBody: `<h2>Position and coverings</h2>
<p>The heart lies in the middle mediastinum, behind the sternum, with about two-thirds of its mass to the left of the midline. Its base faces posteriorly and superiorly, where the great vessels enter and leave; its apex points forwards, downwards and to the left and normally lies in the <strong>5th left intercostal space in the mid-clavicular line</strong>.</p>
<p>The heart is enclosed in the <strong>pericardium</strong>: a tough outer fibrous layer and a double-layered serous membrane. The parietal layer lines the fibrous pericardium and the visceral layer (epicardium) covers the heart, with a thin film of fluid between them. Beneath the epicardium are the myocardium and the endocardium that lines the chambers and valves.</p>
<h2>Chambers</h2>
<h3>Right side</h3>
<p>The <strong>right atrium</strong> receives deoxygenated blood from the superior and inferior venae cavae and from the coronary sinus. On its septal wall lies the fossa ovalis, the remnant of the fetal foramen ovale. The <strong>right ventricle</strong> forms most of the anterior (sternocostal) surface of the heart. Its wall is thin because it pumps into the low-resistance pulmonary circulation (about 25/10 mmHg). It contains the moderator band, which carries part of the right bundle branch.</p>
<h3>Left side</h3>
<p>Four pulmonary veins return oxygenated blood to the <strong>left atrium</strong>, the most posterior chamber — which is why an enlarged left atrium can compress the oesophagus. The <strong>left ventricle</strong> forms the apex and has a wall about three times thicker than the right, generating systemic pressures of about 120/80 mmHg.</p>
<h2>Valves</h2>
<table>
<thead><tr><th>Valve</th><th>Position</th><th>Cusps</th><th>Closure</th></tr></thead>
<tbody>
<tr><td>Tricuspid</td><td>Right atrium → right ventricle</td><td>3</td><td>S1</td></tr>
<tr><td>Mitral (bicuspid)</td><td>Left atrium → left ventricle</td><td>2</td><td>S1</td></tr>
<tr><td>Pulmonary</td><td>Right ventricle → pulmonary trunk</td><td>3</td><td>S2 (P2)</td></tr>
<tr><td>Aortic</td><td>Left ventricle → aorta</td><td>3</td><td>S2 (A2)</td></tr>
</tbody>
</table>
<p>The atrioventricular valves are anchored by chordae tendineae to papillary muscles, which contract during systole to stop the cusps everting into the atria. Rupture of a papillary muscle after myocardial infarction causes acute mitral regurgitation. The semilunar valves have no chordae; their cusps close passively when blood starts to flow backwards at the end of ejection.</p>
<div class="recall"><p>S1 = closure of the mitral and tricuspid valves (start of systole). S2 = closure of the aortic and pulmonary valves (end of systole). S2 splits on inspiration because right ventricular ejection is prolonged.</p></div>
<h2>Coronary arteries</h2>
<p>The right and left coronary arteries arise from the aortic sinuses just above the aortic valve cusps.</p>
<h3>Left coronary artery</h3>
<p>The short left main stem divides into the <strong>left anterior descending</strong> (anterior interventricular) artery and the <strong>circumflex</strong> artery. <span class="recall">The LAD supplies the anterior wall of the left ventricle, the anterior two-thirds of the interventricular septum and the apex; the circumflex supplies the lateral and posterior walls.</span> Because of its large territory, a proximal LAD occlusion is particularly dangerous.</p>
<h3>Right coronary artery</h3>
<p>The RCA runs in the right atrioventricular groove. It supplies the right atrium and ventricle, usually the <strong>SA node</strong> (about 60% of people) and the <strong>AV node</strong> (about 80–90%). In most hearts it also gives off the posterior descending artery, supplying the inferior wall and posterior third of the septum.</p>
<div class="recall"><p>Coronary dominance is defined by which artery gives rise to the posterior descending artery. Most people (roughly 70–80%) are right-dominant.</p></div>
<h3>Coronary flow</h3>
<p>Myocardial oxygen extraction is already high at rest (about 70%), so extra demand can be met only by increasing flow. Left ventricular perfusion happens mainly in <strong>diastole</strong>, because the contracting myocardium compresses intramural vessels in systole. Tachycardia shortens diastole, reducing supply just as demand rises — a key reason why fast heart rates provoke angina.</p>
<h2>Venous drainage</h2>
<p>Most cardiac venous blood drains via the great, middle and small cardiac veins into the <strong>coronary sinus</strong>, which runs in the posterior atrioventricular groove and opens into the right atrium. The anterior cardiac veins drain directly into the right atrium, and the smallest (Thebesian) veins open straight into the chambers.</p>`,
};

export const CONDUCTION_PAGE: DemoPage = {
  title: 'The Conduction System and the ECG',
  htmlBody: `<h2>Specialised conducting tissue</h2>
<p>The heart beats without any input from the nervous system. Its rhythm starts in specialised pacemaker cells and spreads through a conduction system arranged so that the atria contract first, there is a pause, and then the ventricles contract from the apex upwards, squeezing blood towards the outflow valves.</p>
<p><img src="/demo-images/conduction-system.svg" alt="Schematic heart showing the SA node, AV node, bundle of His, bundle branches and Purkinje fibres"></p>
<h3>The sequence of activation</h3>
<ol>
<li><strong>Sinoatrial node</strong> at the junction of the superior vena cava and right atrium — the normal pacemaker.</li>
<li>Spread through atrial muscle to the <strong>atrioventricular node</strong> in the lower interatrial septum, near the opening of the coronary sinus.</li>
<li>The <strong>bundle of His</strong> penetrates the fibrous skeleton — normally the only electrical connection between atria and ventricles.</li>
<li><strong>Right and left bundle branches</strong> run down either side of the septum.</li>
<li><strong>Purkinje fibres</strong> spread the impulse rapidly through the subendocardial ventricular muscle.</li>
</ol>
<div class="recall"><p>Intrinsic rates: SA node 60–100/min, AV junction 40–60/min, ventricular escape 20–40/min. The AV node delays conduction by about 0.1 s so that the ventricles fill before they contract.</p></div>
<h2>Action potentials</h2>
<h3>Pacemaker cells</h3>
<p>SA and AV nodal cells have no stable resting potential. During <strong>phase 4</strong> they depolarise slowly, first through the "funny" current (I<sub>f</sub>, carried mostly by Na<sup>+</sup> through HCN channels that open on hyperpolarisation) and then through T-type Ca<sup>2+</sup> channels. At threshold, <span class="recall">the upstroke (phase 0) of nodal cells is carried by L-type Ca<sup>2+</sup> channels, not fast Na<sup>+</sup> channels</span>, so it is slow. Phase 3 repolarisation is due to K<sup>+</sup> efflux.</p>
<h3>Ventricular myocytes</h3>
<table>
<thead><tr><th>Phase</th><th>Event</th><th>Main current</th></tr></thead>
<tbody>
<tr><td>0</td><td>Rapid depolarisation</td><td>Fast Na<sup>+</sup> influx</td></tr>
<tr><td>1</td><td>Early partial repolarisation</td><td>Transient outward K<sup>+</sup></td></tr>
<tr><td>2</td><td>Plateau</td><td>L-type Ca<sup>2+</sup> in, balanced by K<sup>+</sup> out</td></tr>
<tr><td>3</td><td>Repolarisation</td><td>Delayed rectifier K<sup>+</sup> out</td></tr>
<tr><td>4</td><td>Resting (about −90 mV)</td><td>Inward rectifier K<sup>+</sup></td></tr>
</tbody>
</table>
<p>The long plateau gives a long refractory period, which prevents tetanic contraction and allows time for the ventricles to fill.</p>
<h2>Autonomic control of rate</h2>
<p>Sympathetic noradrenaline acts on β1-adrenoceptors to increase I<sub>f</sub> and Ca<sup>2+</sup> currents: phase 4 becomes steeper and the heart speeds up (positive chronotropy), AV conduction quickens and contractility rises. The vagus releases acetylcholine onto M2 receptors, which opens K<sup>+</sup> channels and reduces I<sub>f</sub>, slowing the rate. At rest, vagal tone dominates: the intrinsic SA node rate of a denervated (transplanted) heart is about 100/min.</p>
<h2>Reading the ECG</h2>
<h3>Waves and intervals</h3>
<ul>
<li><strong>P wave</strong> — atrial depolarisation.</li>
<li><strong>PR interval</strong> — start of P to start of QRS, normally 0.12–0.20 s; mostly AV nodal delay.</li>
<li><strong>QRS complex</strong> — ventricular depolarisation, normally shorter than 0.12 s. Atrial repolarisation is hidden within it.</li>
<li><strong>ST segment and T wave</strong> — ventricular repolarisation.</li>
<li><strong>QT interval</strong> — total ventricular depolarisation and repolarisation; corrected for heart rate as QTc.</li>
</ul>
<h3>Paper and rate</h3>
<p>At the standard speed of 25 mm/s, a small square is 0.04 s and a large square 0.2 s. <span class="recall">For a regular rhythm, heart rate = 300 ÷ the number of large squares between R waves.</span> For an irregular rhythm, count the QRS complexes on a 10-second strip and multiply by six.</p>
<h3>Leads and territories</h3>
<p>The 12-lead ECG views the heart from six limb-lead (frontal) and six chest-lead (horizontal) directions. Leads II, III and aVF face the inferior wall; V1–V4 the septum and anterior wall; I, aVL, V5 and V6 the lateral wall. Matching ST changes to these groups localises ischaemia to a coronary territory.</p>`,
};

export const CARDIAC_CYCLE_PAGE: DemoPage = {
  title: 'The Cardiac Cycle and Cardiac Output',
  htmlBody: `<h2>Pressure drives flow; valves set direction</h2>
<p>The cardiac cycle is easiest to understand by following the pressures in the left atrium, left ventricle and aorta. Valves open and close passively: a valve opens when the pressure upstream exceeds the pressure downstream, and closes when the gradient reverses. The Wiggers diagram puts these pressures on one time axis.</p>
<p><img src="/demo-images/cardiac-cycle.svg" alt="Simplified Wiggers diagram showing aortic, left ventricular and left atrial pressure with valve events"></p>
<h2>Phases of the cycle</h2>
<p>At a heart rate of 75/min each cycle lasts 0.8 s: about 0.3 s of ventricular systole and 0.5 s of diastole. As the rate increases, diastole shortens much more than systole.</p>
<h3>Atrial systole</h3>
<p>The ventricles are already about 80% full from passive filling. Atrial contraction adds the rest — more at high heart rates and in stiff ventricles — and produces the <em>a</em> wave of the venous pulse. It is lost in atrial fibrillation.</p>
<h3>Isovolumetric contraction</h3>
<p>When ventricular pressure exceeds atrial pressure, the mitral valve closes (first heart sound). <span class="recall">With all four valves closed, pressure rises steeply at constant volume until it exceeds aortic pressure (about 80 mmHg) and the aortic valve opens.</span></p>
<h3>Ejection</h3>
<p>Rapid ejection is followed by reduced ejection as the ventricle begins to relax. Left ventricular and aortic pressures peak at about 120 mmHg. When ventricular pressure falls below aortic pressure, the aortic valve closes (second heart sound), producing the <strong>dicrotic notch</strong> on the aortic pressure trace.</p>
<h3>Isovolumetric relaxation</h3>
<p>All valves are closed again and ventricular pressure falls at constant volume (the end-systolic volume) until it drops below atrial pressure.</p>
<h3>Ventricular filling</h3>
<p>The mitral valve opens and rapid filling begins; an S3 may be heard here in young people or in heart failure. Filling then slows (diastasis) until the next atrial contraction.</p>
<div class="recall"><p>Order of valve events on the left: mitral closes → aortic opens → aortic closes → mitral opens. S1 marks the start of systole and S2 the start of diastole.</p></div>
<h2>Volumes and ejection fraction</h2>
<table>
<thead><tr><th>Measure</th><th>Typical resting value</th></tr></thead>
<tbody>
<tr><td>End-diastolic volume (EDV)</td><td>~120 mL</td></tr>
<tr><td>End-systolic volume (ESV)</td><td>~50 mL</td></tr>
<tr><td>Stroke volume (EDV − ESV)</td><td>~70 mL</td></tr>
<tr><td>Ejection fraction (SV ÷ EDV)</td><td>~55–70%</td></tr>
<tr><td>Cardiac output (HR × SV)</td><td>~5 L/min</td></tr>
</tbody>
</table>
<h2>Regulating stroke volume</h2>
<h3>Preload</h3>
<p>Preload is the stretch of ventricular muscle at the end of diastole, reflected by the end-diastolic volume. It depends on venous return, which rises with blood volume, venous tone, the muscle pump and the respiratory pump. <span class="recall">The Frank–Starling law: a greater end-diastolic volume produces a more forceful contraction and a larger stroke volume.</span> This mechanism matches the outputs of the right and left ventricles.</p>
<h3>Afterload</h3>
<p>Afterload is the load the ventricle must overcome to eject — closely related to aortic pressure and ventricular wall stress. Raising afterload (hypertension, aortic stenosis) reduces stroke volume in the short term and causes hypertrophy in the long term.</p>
<h3>Contractility</h3>
<p>Contractility is the force of contraction independent of preload. Sympathetic stimulation via β1-adrenoceptors increases Ca<sup>2+</sup> entry and uptake, raising contractility and speeding relaxation. Ischaemia, acidosis and drugs such as verapamil reduce it.</p>
<h2>Measuring cardiac output</h2>
<p>The <strong>Fick principle</strong> states that the oxygen taken up by the lungs equals pulmonary blood flow multiplied by the arteriovenous oxygen difference. So cardiac output = oxygen consumption ÷ (arterial − mixed venous oxygen content). In clinical practice, echocardiography estimates stroke volume non-invasively, and thermodilution is used in intensive care.</p>`,
};

export const ANTIHYPERTENSIVES_PAGE: DemoPage = {
  title: 'Blood Pressure Control and Antihypertensive Drugs',
  htmlBody: `<h2>The determinants of blood pressure</h2>
<p>Mean arterial pressure is the product of cardiac output and total peripheral resistance. Cardiac output depends on heart rate and stroke volume; resistance is set mainly by the arterioles, whose radius has a fourth-power effect on resistance. Every antihypertensive drug lowers one or more of these factors, and understanding the physiology predicts both their benefits and their adverse effects.</p>
<h2>Short-term control: the baroreceptor reflex</h2>
<p>Stretch receptors in the <strong>carotid sinus</strong> (glossopharyngeal nerve) and <strong>aortic arch</strong> (vagus nerve) fire faster as pressure rises. The nucleus tractus solitarius in the medulla responds by increasing vagal and reducing sympathetic outflow, lowering heart rate, contractility and vascular tone. A fall in pressure, as on standing up, triggers the opposite response within seconds.</p>
<div class="recall"><p>Baroreceptor afferents: carotid sinus via cranial nerve IX, aortic arch via cranial nerve X, both to the nucleus tractus solitarius. The reflex buffers moment-to-moment changes but resets in sustained hypertension.</p></div>
<h2>Long-term control: the kidney and the RAAS</h2>
<p>Over days to weeks, blood pressure is set by the kidney's handling of sodium and water. Renin is released by the juxtaglomerular cells when renal perfusion pressure falls, when less NaCl reaches the macula densa, or under β1-sympathetic stimulation. Renin converts angiotensinogen to angiotensin I, which angiotensin-converting enzyme (ACE) converts to <strong>angiotensin II</strong>.</p>
<p>Angiotensin II constricts arterioles, stimulates aldosterone release (which increases Na<sup>+</sup> reabsorption and K<sup>+</sup> excretion in the collecting duct), constricts the efferent glomerular arteriole, and stimulates thirst and ADH release. ACE also breaks down bradykinin, a vasodilator — which explains the cough caused by ACE inhibitors.</p>
<h2>The main drug classes</h2>
<table>
<thead><tr><th>Class</th><th>Examples</th><th>Mechanism</th><th>Key adverse effects</th></tr></thead>
<tbody>
<tr><td>ACE inhibitors</td><td>Ramipril, lisinopril</td><td>Block angiotensin II formation</td><td>Dry cough, angioedema, hyperkalaemia, AKI</td></tr>
<tr><td>Angiotensin receptor blockers</td><td>Losartan, candesartan</td><td>Block AT<sub>1</sub> receptors</td><td>Hyperkalaemia, AKI (no cough)</td></tr>
<tr><td>Calcium channel blockers</td><td>Amlodipine (dihydropyridine)</td><td>Arteriolar dilatation</td><td>Ankle oedema, flushing, headache</td></tr>
<tr><td>Thiazide-like diuretics</td><td>Indapamide, chlortalidone</td><td>Block the Na<sup>+</sup>–Cl<sup>−</sup> cotransporter in the distal tubule</td><td>Hypokalaemia, hyponatraemia, hypercalcaemia, gout</td></tr>
<tr><td>β-blockers</td><td>Bisoprolol, atenolol</td><td>↓ heart rate, contractility and renin release</td><td>Bradycardia, fatigue, bronchospasm in asthma</td></tr>
<tr><td>Aldosterone antagonists</td><td>Spironolactone</td><td>Block mineralocorticoid receptors</td><td>Hyperkalaemia, gynaecomastia</td></tr>
<tr><td>α1-blockers</td><td>Doxazosin</td><td>Block arteriolar α1-adrenoceptors</td><td>Postural hypotension</td></tr>
</tbody>
</table>
<h3>Drugs acting on the RAAS</h3>
<p>ACE inhibitors and ARBs are especially useful in diabetes, chronic kidney disease with proteinuria and heart failure. <span class="recall">Both can cause hyperkalaemia and acute kidney injury (especially with bilateral renal artery stenosis) and both are contraindicated in pregnancy.</span> Renal function and potassium are checked before starting and after each dose increase.</p>
<h3>Calcium channel blockers</h3>
<p>Dihydropyridines such as amlodipine act mainly on vascular smooth muscle. Verapamil and diltiazem also slow the SA and AV nodes; verapamil should not be combined with a β-blocker because of the risk of profound bradycardia and heart block.</p>
<h2>Choosing treatment (NICE NG136)</h2>
<ol>
<li><strong>Step 1</strong>: under 55 years, or with type 2 diabetes — ACE inhibitor or ARB. Aged 55 or over, or of Black African or African-Caribbean family origin (without diabetes) — calcium channel blocker.</li>
<li><strong>Step 2</strong>: add a calcium channel blocker or a thiazide-like diuretic to an ACE inhibitor/ARB (or add an ACE inhibitor/ARB or thiazide-like diuretic to a CCB).</li>
<li><strong>Step 3</strong>: ACE inhibitor or ARB + calcium channel blocker + thiazide-like diuretic.</li>
<li><strong>Step 4</strong>: confirm adherence and measure blood pressure out of clinic; consider spironolactone (if K<sup>+</sup> ≤4.5 mmol/L) or an α- or β-blocker (if K<sup>+</sup> &gt;4.5 mmol/L), and seek specialist advice.</li>
</ol>
<p>Lifestyle measures — less salt and alcohol, weight loss, regular exercise, stopping smoking — are advised at every step. The usual clinic target for adults under 80 is below 140/90 mmHg (below 150/90 mmHg at 80 and over).</p>`,
};
